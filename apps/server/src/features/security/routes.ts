// HTTP of security reports (docs/product.md §7 POST /security/events and /security/incidents): anyone may report, rate-limited
// per address, the signed-in user attached by the server; admins read both and resolve incidents.

import { AcceptedFlag, replyOf, SecurityIncident, SecurityOverview } from "@aacos/domain/replies";
import { SecurityEventBody, SecurityIncidentBody } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { tooManyRequests } from "../../platform/errors.js";
import type { RateLimiter, RateLimiterFactory } from "../../platform/rate-limit.js";
import { clientOf } from "../auth/index.js";
import { securitySignal } from "../signals/index.js";
import {
  type Caller,
  type SecurityReport,
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
  /** Anyone may report; each kind of report is limited per address in its own window. */
  const limitedReport = (kind: "events" | "incidents") => ({
    onRequest: limitBy(
      deps.rateLimiters(`security-${kind}-ip`, SECURITY_REPORT_RATES[kind]),
      SECURITY_REPORT_RATES[kind].points,
      `security ${kind}`,
      `security_${kind}`,
    ),
    bodyLimit: BODY_LIMIT,
  });
  /** A stored report: its signed-in sender hears of it (a signal), and the browser gets 202. */
  const accepted = (
    request: FastifyRequest,
    reply: FastifyReply,
    level: "event" | "incident",
    report: SecurityReport,
  ) => {
    const user = request.principal?.user.id;
    if (user !== undefined) app.services.signals.notify(user, securitySignal(level, report));
    return reply.status(202).send({ accepted: true });
  };

  /** POST /api/security/events or /incidents: the report is stored, then accepted. */
  const reportRoute = (
    kind: "events" | "incidents",
    level: "event" | "incident",
    body: typeof SecurityEventBody | typeof SecurityIncidentBody,
    store: (report: SecurityReport, caller: Caller) => Promise<void>,
  ) =>
    api.post(
      `/api/security/${kind}`,
      { ...limitedReport(kind), schema: { body, response: { 202: AcceptedFlag } } },
      async (request, reply) => {
        await store(request.body, callerOf(request));
        return accepted(request, reply, level, request.body);
      },
    );
  reportRoute("events", "event", SecurityEventBody, deps.security.recordEvent);
  reportRoute("incidents", "incident", SecurityIncidentBody, deps.security.recordIncident);

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
    {
      onRequest: adminOnly,
      schema: { params: IdParams, response: { 200: replyOf("incident", SecurityIncident) } },
    },
    async (request) => {
      const incident = await deps.security.resolveIncident(request.params.id);
      await app.audit.record(clientOf(request), "admin.incident_resolved", incident.id, {
        activity: incident.activity,
      });
      return { incident: securityIncidentView(incident) };
    },
  );
}
