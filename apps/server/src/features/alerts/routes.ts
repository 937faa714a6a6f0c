// HTTP of alerts: the caller's alerts (admins and operators also the system ones), rules (create, list, change,
// delete, silence, test-fire), acknowledge and resolve. A webhook rule needs the webhooks feature.
import { tierHasFeature } from "@aacos/domain/catalog";
import {
  AlertRuleView,
  AlertView,
  CreatedAlertRuleReply,
  listOf,
  replyOf,
} from "@aacos/domain/replies";
import {
  AlertListQuery,
  AlertRuleBody,
  AlertRuleUpdateBody,
  MonitoringIdParams,
  SilenceBody,
} from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf as signedInCaller } from "../../platform/auth.js";
import { unauthorized } from "../../platform/errors.js";
import { featureLocked } from "../../platform/feature-gate.js";
import type { AlertCaller, AlertService } from "./service.js";

function callerOf(request: FastifyRequest): AlertCaller {
  const { user, roles } = signedInCaller(request);
  return { userId: user.id, roles };
}

/** docs/product.md §9: webhooks are a cosmic-and-up feature; in-app and e-mail rules are open to every tier. */
function checkWebhookAccess(request: FastifyRequest, channels: readonly string[] | undefined) {
  if (channels === undefined || !channels.includes("webhook")) return;
  const tier = request.principal?.tier;
  if (tier === undefined) throw unauthorized();
  if (!tierHasFeature(tier, "webhooks")) throw featureLocked("webhooks");
}

export async function alertRoutes(app: FastifyInstance, deps: { alerts: AlertService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { alerts } = deps;

  api.get(
    "/api/alerts",
    { ...signedIn, schema: { querystring: AlertListQuery, response: { 200: listOf(AlertView) } } },
    async (request) => alerts.list(callerOf(request), request.query),
  );

  api.post(
    "/api/alerts/:id/acknowledge",
    {
      ...signedIn,
      schema: { params: MonitoringIdParams, response: { 200: replyOf("alert", AlertView) } },
    },
    async (request) => alerts.acknowledge(callerOf(request), request.params.id),
  );

  api.post(
    "/api/alerts/:id/resolve",
    {
      ...signedIn,
      schema: { params: MonitoringIdParams, response: { 200: replyOf("alert", AlertView) } },
    },
    async (request) => alerts.resolve(callerOf(request), request.params.id),
  );

  api.get(
    "/api/alerts/rules",
    { ...signedIn, schema: { response: { 200: listOf(AlertRuleView) } } },
    async (request) => alerts.rules(callerOf(request)),
  );

  api.post(
    "/api/alerts/rules",
    { ...signedIn, schema: { body: AlertRuleBody, response: { 201: CreatedAlertRuleReply } } },
    async (request, reply) => {
      checkWebhookAccess(request, request.body.channels);
      return reply.status(201).send(await alerts.createRule(callerOf(request), request.body));
    },
  );

  api.patch(
    "/api/alerts/rules/:id",
    {
      ...signedIn,
      schema: {
        params: MonitoringIdParams,
        body: AlertRuleUpdateBody,
        response: { 200: replyOf("rule", AlertRuleView) },
      },
    },
    async (request) => {
      checkWebhookAccess(request, request.body.channels);
      return alerts.updateRule(callerOf(request), request.params.id, request.body);
    },
  );

  api.delete(
    "/api/alerts/rules/:id",
    { ...signedIn, schema: { params: MonitoringIdParams } },
    async (request, reply) => {
      await alerts.deleteRule(callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    "/api/alerts/rules/:id/silence",
    {
      ...signedIn,
      schema: {
        params: MonitoringIdParams,
        body: SilenceBody,
        response: { 200: replyOf("rule", AlertRuleView) },
      },
    },
    async (request) =>
      alerts.silenceRule(callerOf(request), request.params.id, request.body.minutes),
  );

  api.post(
    "/api/alerts/rules/:id/test",
    {
      ...signedIn,
      schema: { params: MonitoringIdParams, response: { 201: replyOf("alert", AlertView) } },
    },
    async (request, reply) =>
      reply.status(201).send(await alerts.testRule(callerOf(request), request.params.id)),
  );
}
