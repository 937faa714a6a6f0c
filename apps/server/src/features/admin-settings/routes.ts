// HTTP of admin settings (/admin/settings, settings.manage): catalogue overrides and their history, registration,
// the maintenance banner, SMTP and AI checks; and the public GET /api/settings/public every visitor's shell reads.
import { ROUTE_ACCESS } from "@aacos/domain/access";
import { SelfServiceBody } from "@aacos/domain/billing";
import {
  MaintenanceBody,
  RegistrationBody,
  ResetQuery,
  TierOverrideBody,
  TierParams,
  WorldOverrideBody,
  WorldParams,
} from "@aacos/domain/catalog-overrides";
import {
  AdminSettings,
  CheckResult,
  PublicSettings,
  SettingsHistory,
  SettingsReply,
} from "@aacos/domain/replies";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { clientOf } from "../auth/index.js";
import type { SettingsChecks } from "./checks.js";
import type { FieldChange, SettingsActor, SettingsKind, SettingsService } from "./service.js";

const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

function actorOf(request: FastifyRequest): SettingsActor {
  const { user } = callerOf(request);
  return { id: user.id, email: user.email };
}

export async function settingsRoutes(
  app: FastifyInstance,
  deps: { settings: SettingsService; checks: SettingsChecks },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { settings, checks } = deps;
  // The same rule as the browser's guard on /admin/settings.
  const admin = { onRequest: app.requireAccess(ROUTE_ACCESS["/admin/settings"]) };

  const fullView = () => ({
    ...settings.plans(),
    ...settings.site(),
    smtp: checks.smtpStatus(),
    ai: checks.aiStatus(),
  });

  /** Audits what changed (when anything did) and answers with the changes and the settings as they now stand. */
  const answerChange = async (
    request: FastifyRequest,
    what: Record<string, unknown>,
    changes: FieldChange[],
  ) => {
    if (changes.length > 0)
      await app.audit.record(clientOf(request), "settings.changed", null, { ...what, changes });
    return { changes, settings: fullView() };
  };

  /** PUT …/tiers/:tier and …/worlds/:world: changes fields of one tier or world. */
  const changeSection = async (
    request: FastifyRequest,
    kind: SettingsKind,
    name: string,
    body: TierOverrideBody | WorldOverrideBody,
  ) => {
    const changes = await settings.change(actorOf(request), kind, name, body);
    return answerChange(request, { kind, name }, changes);
  };

  /** DELETE …/tiers/:tier and …/worlds/:world: one field, or the whole section, back to the built-in value. */
  const resetSection = async (
    request: FastifyRequest,
    kind: SettingsKind,
    name: string,
    field: string | undefined,
  ) => {
    const changes = await settings.reset(actorOf(request), kind, name, field);
    return answerChange(request, { kind, name, reset: true }, changes);
  };

  /** PUT …/registration, …/maintenance and …/self-service: one site-wide setting, made by the signed-in admin. */
  const changeSite = async (
    request: FastifyRequest,
    change: (actor: SettingsActor) => Promise<FieldChange[]>,
  ) => answerChange(request, { kind: "site" }, await change(actorOf(request)));

  api.get(
    "/api/settings/public",
    { schema: { response: { 200: PublicSettings } } },
    async (_request, reply) => {
      // Every instance answers from its own store; browsers may keep it briefly.
      return reply.header("cache-control", "no-cache").send(settings.site());
    },
  );

  api.get(
    "/api/admin/settings",
    { ...admin, schema: { response: { 200: AdminSettings } } },
    async () => fullView(),
  );

  api.put(
    "/api/admin/settings/tiers/:tier",
    {
      ...admin,
      schema: { params: TierParams, body: TierOverrideBody, response: { 200: SettingsReply } },
    },
    async (request) => changeSection(request, "tier", request.params.tier, request.body),
  );

  api.put(
    "/api/admin/settings/worlds/:world",
    {
      ...admin,
      schema: { params: WorldParams, body: WorldOverrideBody, response: { 200: SettingsReply } },
    },
    async (request) => changeSection(request, "world", request.params.world, request.body),
  );

  api.delete(
    "/api/admin/settings/tiers/:tier",
    {
      ...admin,
      schema: { params: TierParams, querystring: ResetQuery, response: { 200: SettingsReply } },
    },
    async (request) => resetSection(request, "tier", request.params.tier, request.query.field),
  );

  api.delete(
    "/api/admin/settings/worlds/:world",
    {
      ...admin,
      schema: { params: WorldParams, querystring: ResetQuery, response: { 200: SettingsReply } },
    },
    async (request) => resetSection(request, "world", request.params.world, request.query.field),
  );

  api.get(
    "/api/admin/settings/history",
    { ...admin, schema: { querystring: HistoryQuery, response: { 200: SettingsHistory } } },
    async (request) => settings.history(request.query.page, request.query.pageSize),
  );

  api.put(
    "/api/admin/settings/registration",
    { ...admin, schema: { body: RegistrationBody, response: { 200: SettingsReply } } },
    async (request) =>
      changeSite(request, (actor) => settings.setRegistration(actor, request.body.open)),
  );

  api.put(
    "/api/admin/settings/maintenance",
    { ...admin, schema: { body: MaintenanceBody, response: { 200: SettingsReply } } },
    async (request) =>
      changeSite(request, (actor) => settings.setMaintenance(actor, request.body.message)),
  );

  // Test mode only (no payment provider): whether users change their own plan (docs/decisions/176-test-mode-plans.md).
  api.put(
    "/api/admin/settings/self-service",
    { ...admin, schema: { body: SelfServiceBody, response: { 200: SettingsReply } } },
    async (request) =>
      changeSite(request, (actor) => settings.setSelfServicePlans(actor, request.body.enabled)),
  );

  const checked = { ...admin, schema: { response: { 200: CheckResult } } };
  api.post("/api/admin/settings/test-smtp", checked, async (request) =>
    checks.testSmtp(actorOf(request).email),
  );

  api.post("/api/admin/settings/test-ai", checked, async () => checks.testAi());
}
