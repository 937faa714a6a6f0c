// HTTP of background runs under /api/aacos: an entity run, a batch of them, a run's state, and cancelling one.
import { BatchRunBody, EntityRunBody, RunParams } from "@aacos/domain/jobs";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { planOf } from "../ai/index.js";
import type { BackgroundRuns } from "./runs.js";

export async function jobRoutes(app: FastifyInstance, deps: { runs: BackgroundRuns }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { runs } = deps;

  api.post(
    "/api/aacos/entities/:id/runs",
    { ...signedIn, schema: { params: RunParams, body: EntityRunBody } },
    async (request, reply) => {
      const run = await runs.startEntityRun(
        planOf(request),
        request.params.id,
        request.body.prompt,
      );
      return reply.status(202).send({ run });
    },
  );

  api.post(
    "/api/aacos/runs",
    { ...signedIn, schema: { body: BatchRunBody } },
    async (request, reply) => {
      const batch = await runs.startBatch(
        planOf(request),
        request.body.entityIds,
        request.body.prompt,
      );
      return reply.status(202).send(batch);
    },
  );

  api.get(
    "/api/aacos/runs/:id",
    { ...signedIn, schema: { params: RunParams } },
    async (request) => ({
      run: await runs.get(planOf(request).userId, request.params.id),
    }),
  );

  api.post(
    "/api/aacos/runs/:id/cancel",
    { ...signedIn, schema: { params: RunParams } },
    async (request) => ({ run: await runs.cancel(planOf(request), request.params.id) }),
  );
}
