// HTTP of the command centre: POST /api/commands streams every entity's answer side by side (or answers once in
// JSON), GET /api/commands pages the history by command, POST /api/commands/:commandId/stop stops one, and
// POST /api/commands/:commandId/entities/:entityId/stop stops one entity's answer while the others go on.
import { CommandHistory, StoppedReply } from "@aacos/domain/replies";
import {
  CommandBody,
  CommandEntityParams,
  CommandHistoryQuery,
  CommandParams,
} from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { hangUpSignal, planOf, streamAnswer, wantsEventStream } from "../ai/index.js";
import type { CommandService, EntityAnswer } from "./service.js";

export async function commandRoutes(app: FastifyInstance, deps: { commands: CommandService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { commands } = deps;

  api.get(
    "/api/commands",
    {
      ...signedIn,
      schema: { querystring: CommandHistoryQuery, response: { 200: CommandHistory } },
    },
    async (request) => commands.history(planOf(request).userId, request.query),
  );

  api.post(
    "/api/commands/:commandId/stop",
    { ...signedIn, schema: { params: CommandParams, response: { 200: StoppedReply } } },
    async (request) => commands.stop(planOf(request).userId, request.params.commandId),
  );

  api.post(
    "/api/commands/:commandId/entities/:entityId/stop",
    { ...signedIn, schema: { params: CommandEntityParams, response: { 200: StoppedReply } } },
    async (request) =>
      commands.stopEntity(
        planOf(request).userId,
        request.params.commandId,
        request.params.entityId,
      ),
  );

  api.post(
    "/api/commands",
    { ...signedIn, schema: { body: CommandBody } },
    async (request, reply) => {
      // Refusals (404, 403, 429) come as JSON before any stream opens or provider is called.
      const pending = await commands.prepare(planOf(request), request.body);
      if (!wantsEventStream(request)) {
        const answers: EntityAnswer[] = [];
        const done = await pending.run({
          onDelta: () => {},
          onEntityDone: (answer) => answers.push(answer),
          signal: hangUpSignal(reply),
        });
        return { ...done, answers };
      }
      streamAnswer(
        request,
        reply,
        (events, signal) => {
          events.send({ commandId: pending.commandId, entityIds: pending.entityIds }, "start");
          return pending.run({
            onDelta: (entityId, delta) => events.send({ entityId, delta }),
            onEntityDone: (answer) => events.send(answer, "entity-done"),
            signal,
          });
        },
        (done) => done,
        "command failed",
      );
      return reply;
    },
  );
}
