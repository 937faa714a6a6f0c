// HTTP of the AI gateway: GET /api/ai/allowance → {used, limit, resetsAt} for today's AI tokens.
import { AiAllowance } from "@aacos/domain/replies";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import type { AiService, Plan } from "./service.js";

/** The caller's plan as the AI features need it; 401 when signed out. */
export function planOf(request: FastifyRequest): Plan {
  const { user, tier, world } = callerOf(request);
  return { userId: user.id, tier, world };
}

export async function aiRoutes(app: FastifyInstance, deps: { ai: AiService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/ai/allowance",
      { onRequest: app.authenticate, schema: { response: { 200: AiAllowance } } },
      async (request) => deps.ai.allowance(planOf(request)),
    );
}
