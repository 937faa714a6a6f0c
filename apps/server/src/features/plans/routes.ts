// HTTP of the plan API: GET /api/plan/me, POST /api/plan/tier {tier}, POST /api/plan/world {world}.
import { ChangeTierBody, ChangeWorldBody } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { UserRow } from "../../platform/auth.js";
import { unauthorized } from "../../platform/errors.js";
import { clientOf } from "../auth/index.js";
import type { PlanService } from "./service.js";

function caller(request: FastifyRequest): UserRow {
  if (request.principal === null) throw unauthorized();
  return request.principal.user;
}

export async function planRoutes(app: FastifyInstance, deps: { plans: PlanService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };

  api.get("/api/plan/me", signedIn, async (request) => deps.plans.read(caller(request).id));

  api.post("/api/plan/tier", { ...signedIn, schema: { body: ChangeTierBody } }, async (request) =>
    deps.plans.changeTier(caller(request).id, request.body.tier, clientOf(request)),
  );

  api.post("/api/plan/world", { ...signedIn, schema: { body: ChangeWorldBody } }, async (request) =>
    deps.plans.changeWorld(caller(request).id, request.body.world, clientOf(request)),
  );
}
