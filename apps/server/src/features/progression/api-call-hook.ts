// Reports every successful metered API call to the progression service (API-call XP, the first_api_call quest).
// Wrapped with fastify-plugin so the hook sees every route, not only this feature's.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ProgressionService } from "./service.js";

export const apiCallProgressPlugin = fp(
  async (app: FastifyInstance, options: { progression: ProgressionService }) => {
    // onSend, not onResponse: the grant starts (without being awaited) as the reply goes out, so it is already
    // pending when the caller sees the reply, and `drain()` can wait for it.
    app.addHook("onSend", async (request, reply, payload) => {
      const principal = request.principal;
      if (principal === null || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      // The metering plugin sends RateLimit-Policy on exactly the signed-in calls it metered.
      if (reply.getHeader("ratelimit-policy") === undefined) return payload;
      options.progression.observeApiCall(principal.user.id, principal.user.timeZone);
      return payload;
    });
    // Grants still being written finish before the database closes.
    app.addHook("onClose", () => options.progression.drain());
  },
  { name: "api-call-progress" },
);
