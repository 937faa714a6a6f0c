// HTTP of batches (docs/product.md §7 POST /batch {requests}): → 200 {responses: [{status, body}]}.
import { fieldFailure } from "@aacos/domain/errors";
import { BatchResponses } from "@aacos/domain/replies";
import { MESSAGES } from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import { validationFailed } from "../../platform/errors.js";
import { BATCH_HEADER, BatchBody, type BatchService } from "./service.js";

export async function batchRoutes(app: FastifyInstance, deps: { batches: BatchService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/batch",
    { onRequest: app.authenticate, schema: { body: BatchBody, response: { 200: BatchResponses } } },
    async (request) => {
      const principal = callerOf(request);
      // A sub-request of a batch never starts another batch.
      if (request.headers[BATCH_HEADER] !== undefined) {
        throw validationFailed({
          requests: fieldFailure(MESSAGES.invalidFormat, "invalid_format"),
        });
      }
      const userAgent = request.headers["user-agent"];
      return deps.batches.run(
        {
          tier: principal.user.tier,
          world: principal.user.world,
          authorization: request.headers.authorization,
          ip: request.ip,
          userAgent: typeof userAgent === "string" ? userAgent : undefined,
        },
        request.body,
      );
    },
  );
}
