// HTTP of autonomous control under /api/autonomous: rules (CRUD, enable/disable, run now), the execution history,
// the instance-wide kill switch and a cron preview. Admins and developers only (ROUTE_ACCESS["/autonomous-control"]).
import { ROUTE_ACCESS } from "@aacos/domain/access";
import {
  AutonomousIdParams,
  AutonomousRuleBody,
  CronPreviewQuery,
  ExecutionHistoryQuery,
  KillSwitchBody,
} from "@aacos/domain/autonomous";
import * as replies from "@aacos/domain/replies";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf as signedInCaller } from "../../platform/auth.js";
import type { AuditContext } from "../audit/index.js";
import { clientOf } from "../auth/index.js";
import type { AutonomousService } from "./service.js";

/** A reply of one rule: `{ rule }`. */
const RuleReply = replies.replyOf("rule", replies.AutonomousRuleView);

function callerOf(request: FastifyRequest): { userId: string; context: AuditContext } {
  const { user } = signedInCaller(request);
  return { userId: user.id, context: { ...clientOf(request), actorId: user.id } };
}

export async function autonomousRoutes(
  app: FastifyInstance,
  deps: { autonomous: AutonomousService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { anyRole, allPermissions } = ROUTE_ACCESS["/autonomous-control"];
  const allowed = { onRequest: app.requireAccess({ anyRole, allPermissions }) };
  const { autonomous } = deps;

  api.get(
    "/api/autonomous/rules",
    { ...allowed, schema: { response: { 200: replies.listOf(replies.AutonomousRuleView) } } },
    async (request) => ({ items: await autonomous.listRules(callerOf(request).userId) }),
  );

  api.post(
    "/api/autonomous/rules",
    {
      ...allowed,
      schema: {
        body: AutonomousRuleBody,
        response: { 201: RuleReply },
      },
    },
    async (request, reply) => {
      const { userId, context } = callerOf(request);
      const rule = await autonomous.createRule(context, userId, request.body);
      return reply.status(201).send({ rule });
    },
  );

  api.get(
    "/api/autonomous/rules/:id",
    {
      ...allowed,
      schema: {
        params: AutonomousIdParams,
        response: { 200: RuleReply },
      },
    },
    async (request) => ({
      rule: await autonomous.getRule(callerOf(request).userId, request.params.id),
    }),
  );

  api.put(
    "/api/autonomous/rules/:id",
    {
      ...allowed,
      schema: {
        params: AutonomousIdParams,
        body: AutonomousRuleBody,
        response: { 200: RuleReply },
      },
    },
    async (request) => {
      const { userId, context } = callerOf(request);
      return {
        rule: await autonomous.updateRule(context, userId, request.params.id, request.body),
      };
    },
  );

  api.delete(
    "/api/autonomous/rules/:id",
    { ...allowed, schema: { params: AutonomousIdParams } },
    async (request, reply) => {
      const { userId, context } = callerOf(request);
      await autonomous.deleteRule(context, userId, request.params.id);
      return reply.status(204).send();
    },
  );

  for (const [action, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    api.post(
      `/api/autonomous/rules/:id/${action}`,
      {
        ...allowed,
        schema: {
          params: AutonomousIdParams,
          response: { 200: RuleReply },
        },
      },
      async (request) => {
        const { userId, context } = callerOf(request);
        return {
          rule: await autonomous.setEnabled(context, userId, request.params.id, enabled),
        };
      },
    );
  }

  api.post(
    "/api/autonomous/rules/:id/run",
    {
      ...allowed,
      schema: {
        params: AutonomousIdParams,
        response: { 202: replies.replyOf("execution", replies.ExecutionView) },
      },
    },
    async (request, reply) => {
      const { userId, context } = callerOf(request);
      const execution = await autonomous.runNow(context, userId, request.params.id);
      return reply.status(202).send({ execution });
    },
  );

  api.get(
    "/api/autonomous/executions",
    {
      ...allowed,
      schema: {
        querystring: ExecutionHistoryQuery,
        response: { 200: replies.pageOf(replies.ExecutionView) },
      },
    },
    async (request) => autonomous.history(callerOf(request).userId, request.query),
  );

  api.get(
    "/api/autonomous/kill-switch",
    { ...allowed, schema: { response: { 200: replies.KillSwitchView } } },
    async () => autonomous.killSwitch(),
  );

  api.put(
    "/api/autonomous/kill-switch",
    { ...allowed, schema: { body: KillSwitchBody, response: { 200: replies.KillSwitchView } } },
    async (request) => autonomous.setKillSwitch(callerOf(request).context, request.body.engaged),
  );

  api.get(
    "/api/autonomous/cron-preview",
    {
      ...allowed,
      schema: { querystring: CronPreviewQuery, response: { 200: replies.CronPreview } },
    },
    async (request) => autonomous.cronPreview(request.query),
  );
}
