// Counts every API request per client for the suspicious-activity check; wrapped with fastify-plugin so the hook
// sees every route. Registered after auth (to know the user) and before metering (so refused calls count too).
import { SUSPICIOUS_ACTIVITY } from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { createWindowCounter, type WindowCounter } from "../../platform/rate-limit.js";
import { apiRouteOf, isApiRequest } from "../../platform/route-list.js";
import type { SecurityService } from "./service.js";

/** Load balancers poll health from one address; that is not a burst. */
const UNCOUNTED_ROUTE = "/api/health";

/** The per-client request counter of the check: the 30 s window, in Redis when configured. */
export function createRequestCounter(store: {
  redis: Redis | null;
  prefix: string;
}): WindowCounter {
  return createWindowCounter(store, "request-burst", SUSPICIOUS_ACTIVITY.windowSeconds);
}

export const requestBurstPlugin = fp(
  async (app: FastifyInstance, options: { security: SecurityService }) => {
    // The counts still waiting for Redis go out before the server stops.
    app.addHook("onClose", async () => {
      await options.security
        .sendCounts()
        .catch((error: unknown) => app.log.warn({ err: error }, "request counts not sent"));
    });
    // A callback hook: a request passes without a promise unless it takes a client past the threshold in process
    // (decision 217); on Redis its counts are sent in the background (decision 393).
    app.pipeline.onRequest((request, _reply, done) => {
      // Decided on the matched route (docs/decisions/162-decide-on-the-matched-route.md): "/%61pi/…" counts.
      if (!isApiRequest(request) || apiRouteOf(request) === UNCOUNTED_ROUTE) {
        done();
        return;
      }
      let pending: Promise<void> | null;
      try {
        pending = options.security.countRequest({
          ip: request.ip,
          userId: request.principal?.user.id ?? null,
        });
      } catch (error) {
        pending = Promise.reject(error);
      }
      if (pending === null) {
        done();
        return;
      }
      // Counting never fails a request.
      pending.then(
        () => done(),
        (error: unknown) => {
          request.log.warn({ err: error }, "request not counted");
          done();
        },
      );
    });
  },
  { name: "request-burst" },
);
