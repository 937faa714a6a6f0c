// Reports every successful metered API call to the progression service (API-call XP, the first_api_call quest).
// Wrapped with fastify-plugin so the hook sees every route, not only this feature's.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ProgressionService } from "./service.js";

export const apiCallProgressPlugin = fp(
  async (app: FastifyInstance, options: { progression: ProgressionService }) => {
    // onSend, not onResponse: the call is counted before the caller sees the reply, so `drain()` writes it.
    // A callback hook: it only counts, so no promise per reply.
    app.pipeline.onSend((request, reply, payload, done) => {
      const principal = request.principal;
      // The metering plugin sends RateLimit-Policy on exactly the signed-in calls it metered.
      if (
        principal !== null &&
        reply.statusCode >= 200 &&
        reply.statusCode < 300 &&
        reply.getHeader("ratelimit-policy") !== undefined
      ) {
        options.progression.observeApiCall(principal.user.id, principal.user.timeZone);
      }
      done(null, payload);
    });
    // The calls still counted in memory are written before the database closes (the SIGTERM path too).
    app.addHook("onClose", () => options.progression.stop());
  },
  { name: "api-call-progress" },
);
