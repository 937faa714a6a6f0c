// HTTP of background runs under /api/aacos: an entity run, a batch of them, a run's state, and cancelling one; and the
// admins' dead letters (jobs that used up their retries): the list, putting one back on its queue, dropping one.
import {
  BatchRunBody,
  DeadLetterListQuery,
  DeadLetterParams,
  EntityRunBody,
  RunParams,
} from "@aacos/domain/jobs";
import {
  BackgroundRun,
  BatchReply,
  DeadLetterDropped,
  DeadLetterRetried,
  DeadLetterView,
  listOf,
  replyOf,
} from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../platform/errors.js";
import { planOf } from "../ai/index.js";
import { clientOf } from "../auth/index.js";
import type { BackgroundRuns } from "./runs.js";
import type { JobService } from "./service.js";

export async function jobRoutes(
  app: FastifyInstance,
  deps: { runs: BackgroundRuns; jobs: JobService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });
  const { runs, jobs } = deps;

  api.get(
    "/api/admin/jobs/dead-letters",
    {
      onRequest: adminOnly,
      schema: { querystring: DeadLetterListQuery, response: { 200: listOf(DeadLetterView) } },
    },
    async (request) => ({
      items: await jobs.deadLetters(request.query.limit),
    }),
  );

  api.post(
    "/api/admin/jobs/dead-letters/:id/retry",
    {
      onRequest: adminOnly,
      schema: { params: DeadLetterParams, response: { 200: DeadLetterRetried } },
    },
    async (request) => {
      const retried = await jobs.retryDeadLetter(request.params.id);
      if (retried === null) throw notFound("dead_letter", "No such dead letter");
      await app.audit.record(clientOf(request), "admin.dead_letter_retried", null, {
        deadLetterId: request.params.id,
        ...retried,
      });
      return retried;
    },
  );

  api.delete(
    "/api/admin/jobs/dead-letters/:id",
    {
      onRequest: adminOnly,
      schema: { params: DeadLetterParams, response: { 200: DeadLetterDropped } },
    },
    async (request) => {
      if (!(await jobs.dropDeadLetter(request.params.id)))
        throw notFound("dead_letter", "No such dead letter");
      await app.audit.record(clientOf(request), "admin.dead_letter_dropped", null, {
        deadLetterId: request.params.id,
      });
      return { dropped: true as const };
    },
  );

  api.post(
    "/api/aacos/entities/:id/runs",
    {
      ...signedIn,
      schema: {
        params: RunParams,
        body: EntityRunBody,
        response: { 202: replyOf("run", BackgroundRun) },
      },
    },
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
    { ...signedIn, schema: { body: BatchRunBody, response: { 202: BatchReply } } },
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
    {
      ...signedIn,
      schema: { params: RunParams, response: { 200: replyOf("run", BackgroundRun) } },
    },
    async (request) => ({
      run: await runs.get(planOf(request).userId, request.params.id),
    }),
  );

  api.post(
    "/api/aacos/runs/:id/cancel",
    {
      ...signedIn,
      schema: { params: RunParams, response: { 200: replyOf("run", BackgroundRun) } },
    },
    async (request) => ({ run: await runs.cancel(planOf(request), request.params.id) }),
  );
}
