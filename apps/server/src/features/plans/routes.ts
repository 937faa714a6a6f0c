// HTTP of the plan API: GET /api/plan/me, POST /api/plan/tier {tier}, POST /api/plan/world {world}.
import type { PendingCheckout as PendingCheckoutReply } from "@aacos/domain/billing";
import type { Plan as PlanReply } from "@aacos/domain/catalog";
import { PendingCheckout, Plan } from "@aacos/domain/replies";
import { ChangeTierBody, ChangeWorldBody } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { callerOf, type UserRow } from "../../platform/auth.js";
import type { AuditContext } from "../audit/index.js";
import { clientOf } from "../auth/index.js";
import type { PlanService } from "./service.js";

function caller(request: FastifyRequest): UserRow {
  return callerOf(request).user;
}

export async function planRoutes(app: FastifyInstance, deps: { plans: PlanService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };

  api.get("/api/plan/me", { ...signedIn, schema: { response: { 200: Plan } } }, async (request) =>
    deps.plans.read(caller(request).id),
  );

  /** 200 with the new plan; with Stripe, an upgrade answers 202 {pending, checkoutUrl} and the webhook changes it. */
  function planChange<Body extends typeof ChangeTierBody | typeof ChangeWorldBody>(
    url: string,
    body: Body,
    change: (
      userId: string,
      body: z.infer<Body>,
      context: AuditContext,
    ) => Promise<PlanReply | PendingCheckoutReply>,
  ) {
    api.post(
      url,
      { ...signedIn, schema: { body, response: { 200: Plan, 202: PendingCheckout } } },
      async (request, reply) => {
        // The type provider cannot resolve a generic schema's output; the body schema above parsed it.
        const parsed = request.body as z.infer<Body>;
        const result = await change(caller(request).id, parsed, clientOf(request));
        if ("pending" in result) reply.status(202);
        return result;
      },
    );
  }

  planChange("/api/plan/tier", ChangeTierBody, (userId, { tier, interval }, context) =>
    deps.plans.changeTier(userId, tier, context, interval),
  );
  planChange("/api/plan/world", ChangeWorldBody, (userId, { world, interval }, context) =>
    deps.plans.changeWorld(userId, world, context, interval),
  );
}
