// HTTP of security reports (docs/product.md §7 POST /security/events and /security/incidents): anyone may report, rate-limited
// per address, the signed-in user attached by the server; admins read both and resolve incidents.

import { AcceptedFlag, IncidentReply, SecurityOverview } from "@aacos/domain/replies";
import { SecurityEventBody, SecurityIncidentBody } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { tooManyRequests } from "../../platform/errors.js";
import type { RateLimiter, RateLimiterFactory } from "../../platform/rate-limit.js";
import { clientOf } from "../auth/index.js";
import { securitySignal } from "../signals/index.js";
import {
  type Caller,
  type SecurityService,
  securityEventView,
  securityIncidentView,
} from "./service.js";

export const SECURITY_REPORT_RATES = {
  events: { points: 60, seconds: 60 },
  incidents: { points: 10, seconds: 60 },
} as const;
const BODY_LIMIT = 16 * 1024;

const IdParams = z.object({ id: z.uuid("Invalid format") });

function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, userId: request.principal?.user.id ?? null };
}

function limitBy(
  limiter: RateLimiter,
  points: number,
  what: string,
  window: "security_events" | "security_incidents",
) {
  return async (request: FastifyRequest) => {
    const decision = await limiter.consume(request.ip);
    if (!decision.allowed) {
      throw tooManyRequests(`Too many ${what}: ${points} per minute`, {
        window,
        limit: points,
        retryAfter: decision.retryAfterSeconds,
      });
    }
  };
}

export async function securityRoutes(
  app: FastifyInstance,
  deps: { security: SecurityService; rateLimiters: RateLimiterFactory },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });
  const { events, incidents } = SECURITY_REPORT_RATES;

  api.post(
    "/api/security/events",
    {
      onRequest: limitBy(
        deps.rateLimiters("security-events-ip", events),
        events.points,
        "security events",
        "security_events",
      ),
      bodyLimit: BODY_LIMIT,
      schema: { body: SecurityEventBody, response: { 202: AcceptedFlag } },
    },
    async (request, reply) => {
      await deps.security.recordEvent(request.body, callerOf(request));
      const user = request.principal?.user.id;
      if (user !== undefined)
        app.services.signals.notify(user, securitySignal("event", request.body));
      return reply.status(202).send({ accepted: true });
    },
  );

  api.post(
    "/api/security/incidents",
    {
      onRequest: limitBy(
        deps.rateLimiters("security-incidents-ip", incidents),
        incidents.points,
        "security incidents",
        "security_incidents",
      ),
      bodyLimit: BODY_LIMIT,
      schema: { body: SecurityIncidentBody, response: { 202: AcceptedFlag } },
    },
    async (request, reply) => {
      await deps.security.recordIncident(request.body, callerOf(request));
      const user = request.principal?.user.id;
      if (user !== undefined)
        app.services.signals.notify(user, securitySignal("incident", request.body));
      return reply.status(202).send({ accepted: true });
    },
  );

  api.get(
    "/api/admin/security",
    { onRequest: adminOnly, schema: { response: { 200: SecurityOverview } } },
    async () => {
      const overview = await deps.security.overview();
      return {
        events: overview.events.map(securityEventView),
        incidents: overview.incidents.map(securityIncidentView),
      };
    },
  );

  api.post(
    "/api/admin/security/incidents/:id/resolve",
    { onRequest: adminOnly, schema: { params: IdParams, response: { 200: IncidentReply } } },
    async (request) => {
      const incident = await deps.security.resolveIncident(request.params.id);
      await app.audit.record(clientOf(request), "admin.incident_resolved", incident.id, {
        activity: incident.activity,
      });
      return { incident: securityIncidentView(incident) };
    },
  );
}
