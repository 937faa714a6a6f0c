// HTTP of the plan API: GET /api/plan/me, POST /api/plan/tier {tier}, POST /api/plan/world {world}.
import { PendingCheckout, Plan } from "@aacos/domain/replies";
import { ChangeTierBody, ChangeWorldBody } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, type UserRow } from "../../platform/auth.js";
import { clientOf } from "../auth/index.js";
import type { PlanService } from "./service.js";

function caller(request: FastifyRequest): UserRow {
  return callerOf(request).user;
}

/** A plan change's answer: the new plan, or 202 when Stripe first sends the user to its checkout. */
async function answered(
  reply: FastifyReply,
  change: Promise<Plan | PendingCheckout>,
): Promise<Plan | PendingCheckout> {
  const result = await change;
  if ("pending" in result) reply.status(202);
  return result;
}

export async function planRoutes(app: FastifyInstance, deps: { plans: PlanService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };

  api.get("/api/plan/me", { ...signedIn, schema: { response: { 200: Plan } } }, async (request) =>
    deps.plans.read(caller(request).id),
  );

  // 200 with the new plan; with Stripe, an upgrade answers 202 {pending, checkoutUrl} and the webhook changes it.
  api.post(
    "/api/plan/tier",
    {
      ...signedIn,
      schema: { body: ChangeTierBody, response: { 200: Plan, 202: PendingCheckout } },
    },
    async (request, reply) => {
      const { tier, interval } = request.body;
      return answered(
        reply,
        deps.plans.changeTier(caller(request).id, tier, clientOf(request), interval),
      );
    },
  );

  api.post(
    "/api/plan/world",
    {
      ...signedIn,
      schema: { body: ChangeWorldBody, response: { 200: Plan, 202: PendingCheckout } },
    },
    async (request, reply) => {
      const { world, interval } = request.body;
      return answered(
        reply,
        deps.plans.changeWorld(caller(request).id, world, clientOf(request), interval),
      );
    },
  );
}
