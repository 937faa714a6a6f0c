// The command centre: one prompt sent to several entities at once, their answers streamed side by side, every run
// recorded under one commandId; the history groups runs by command. The whole command or one entity's answer stops.

import { randomUUID } from "node:crypto";
import { tierHasFeature } from "@aacos/domain/catalog";
import type { StoredError } from "@aacos/domain/errors";
import type { AnswerStatus, CommandBody, CommandHistoryQuery } from "@aacos/domain/validation";
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fetchPage } from "../../db/paging.js";
import { runs } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";
import { featureLocked } from "../../platform/feature-gate.js";
import {
  type AiService,
  type AnsweringEntity,
  type ChatTurn,
  type Plan,
  runOutcomeView,
  type Usage,
} from "../ai/index.js";

export interface RunView {
  id: string;
  entityId: string | null;
  status: AnswerStatus | "running";
  output: string;
  error: string | null;
  /** The same as a code and params, what the browser shows (docs/decisions/300). */
  errorCode: StoredError | null;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface EntityAnswer {
  entityId: string;
  run: RunView;
  /** The answer as the chat shapes it, so one renderer serves both. */
  message: {
    role: "assistant";
    content: string;
    provider: string;
    status: AnswerStatus;
    error: string | null;
    errorCode: StoredError | null;
  };
  usage: Usage;
}

export interface CommandView {
  commandId: string;
  prompt: string;
  /** complete, stopped or failed when every run ended alike; partial otherwise; running while any runs. */
  status: AnswerStatus | "partial" | "running";
  entityIds: string[];
  promptTokens: number;
  completionTokens: number;
  /** Wall time: the runs go in parallel, so the longest one. */
  durationMs: number;
  createdAt: string;
  runs: RunView[];
}

export interface PendingCommand {
  commandId: string;
  entityIds: string[];
  /** The prompt's tokens over every entity, as the allowance check estimated them before the run. */
  estimatedPromptTokens: number;
  /** Lets go of a prepared command that will not run (its stop handle). */
  discard(): void;
  run(options: {
    onDelta: (entityId: string, text: string) => void;
    onEntityDone: (answer: EntityAnswer) => void;
    signal: AbortSignal;
  }): Promise<{ commandId: string; runs: RunView[] }>;
}

export interface CommandService {
  prepare(plan: Plan, body: CommandBody): Promise<PendingCommand>;
  history(
    userId: string,
    query: CommandHistoryQuery,
  ): Promise<{ items: CommandView[]; total: number }>;
  stop(userId: string, commandId: string): Promise<{ stopped: boolean }>;
  /** Stops one entity's answer; the command's other entities go on. */
  stopEntity(userId: string, commandId: string, entityId: string): Promise<{ stopped: boolean }>;
}

type RunRow = typeof runs.$inferSelect;

function runView(row: RunRow): RunView {
  const status = row.status;
  return {
    id: row.id,
    entityId: row.entityId,
    status:
      status === "complete" || status === "stopped" || status === "failed" ? status : "running",
    ...runOutcomeView(row),
  };
}

export function commandStatus(statuses: readonly RunView["status"][]): CommandView["status"] {
  if (statuses.includes("running")) return "running";
  const first = statuses[0];
  if (first === undefined) return "complete";
  return statuses.every((status) => status === first) ? first : "partial";
}

export function createCommandService(deps: {
  db: Db;
  clock: () => Date;
  ai: AiService;
  /** Progression: a command run earns XP once per command. */
  onCommand?: (userId: string, commandId: string) => Promise<unknown>;
  log?: { warn: (object: object, message: string) => void };
}): CommandService {
  const { db, ai } = deps;
  const stopKey = (commandId: string) => `command:${commandId}`;
  const entityStopKey = (commandId: string, entityId: string) =>
    `command:${commandId}:entity:${entityId}`;

  return {
    async prepare(plan, body) {
      // Sending one entity a command is open to every plan; several at once is the AI assistant's (decision 060).
      if (body.entityIds.length > 1 && !tierHasFeature(plan.tier, "aiAssistant")) {
        throw featureLocked("aiAssistant");
      }
      const entities: AnsweringEntity[] = [];
      for (const id of body.entityIds) entities.push(await ai.directory.getEntity(plan.userId, id));
      const models = entities.map((entity) => ai.modelFor(plan, entity));
      const turnsFor = (entity: AnsweringEntity): ChatTurn[] => [
        ...(entity.systemPrompt.trim() === ""
          ? []
          : [{ role: "system" as const, content: entity.systemPrompt }]),
        { role: "user", content: body.prompt },
      ];
      const estimated = entities.reduce((sum, entity) => sum + ai.estimate(turnsFor(entity)), 0);
      await ai.assertAllowance(plan, estimated);
      const commandId = randomUUID();
      const controller = ai.begin(stopKey(commandId));

      return {
        commandId,
        entityIds: body.entityIds,
        estimatedPromptTokens: estimated,
        discard: () => ai.end(stopKey(commandId), controller),
        async run({ onDelta, onEntityDone, signal }) {
          const forward = () => controller.abort(signal.reason);
          signal.addEventListener("abort", forward, { once: true });
          try {
            const answers = await Promise.all(
              entities.map(async (entity, index) => {
                // Each entity's answer has its own stop handle; stopping the command stops them all.
                const key = entityStopKey(commandId, entity.id);
                const own = ai.begin(key);
                const forwardAll = () => own.abort(controller.signal.reason);
                if (controller.signal.aborted) forwardAll();
                else controller.signal.addEventListener("abort", forwardAll, { once: true });
                const answer = await ai
                  .answer({
                    plan,
                    entity,
                    model: models[index] ?? "",
                    turns: turnsFor(entity),
                    kind: "command",
                    input: body.prompt,
                    commandId,
                    signal: own.signal,
                    onDelta: (text) => onDelta(entity.id, text),
                  })
                  .finally(() => {
                    controller.signal.removeEventListener("abort", forwardAll);
                    ai.end(key, own);
                  });
                const [row] = await db.select().from(runs).where(eq(runs.id, answer.runId));
                if (row === undefined) throw new Error("run vanished");
                const run = runView(row);
                onEntityDone({
                  entityId: entity.id,
                  run,
                  message: {
                    role: "assistant",
                    content: answer.content,
                    provider: answer.provider,
                    status: answer.status,
                    error: answer.error,
                    errorCode: run.errorCode,
                  },
                  usage: answer.usage,
                });
                return run;
              }),
            );
            await deps
              .onCommand?.(plan.userId, commandId)
              .catch((error: unknown) => deps.log?.warn({ err: error }, "command XP not recorded"));
            return { commandId, runs: answers };
          } finally {
            signal.removeEventListener("abort", forward);
            ai.end(stopKey(commandId), controller);
          }
        },
      };
    },

    async history(userId, query) {
      const mine = and(
        eq(runs.userId, userId),
        eq(runs.kind, "command"),
        isNotNull(runs.commandId),
      );
      const started = sql<Date>`min(${runs.createdAt})`;
      const { items: groups, total } = await fetchPage(
        query,
        db
          .select({ commandId: runs.commandId, startedAt: started })
          .from(runs)
          .where(mine)
          .groupBy(runs.commandId)
          .orderBy(desc(started), desc(runs.commandId)),
        db
          .select({ n: sql<number>`count(distinct ${runs.commandId})`.mapWith(Number) })
          .from(runs)
          .where(mine),
      );
      const ids = groups.map((group) => group.commandId).filter((id): id is string => id !== null);
      const rows =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(runs)
              .where(and(mine, inArray(runs.commandId, ids)))
              .orderBy(asc(runs.createdAt), asc(runs.id));
      const items = ids.map((commandId): CommandView => {
        const members = rows.filter((row) => row.commandId === commandId);
        const views = members.map(runView);
        const first = members[0];
        return {
          commandId,
          prompt: first?.input ?? "",
          status: commandStatus(views.map((view) => view.status)),
          entityIds: members.map((row) => row.entityId).filter((id): id is string => id !== null),
          promptTokens: members.reduce((sum, row) => sum + row.promptTokens, 0),
          completionTokens: members.reduce((sum, row) => sum + row.completionTokens, 0),
          durationMs: members.reduce((longest, row) => Math.max(longest, row.durationMs), 0),
          createdAt: (first?.createdAt ?? deps.clock()).toISOString(),
          runs: views,
        };
      });
      return { items, total };
    },

    async stop(userId, commandId) {
      const [row] = await db
        .select({ n: count() })
        .from(runs)
        .where(and(eq(runs.userId, userId), eq(runs.commandId, commandId)));
      if ((row?.n ?? 0) === 0) throw notFound("command", "Command not found");
      return { stopped: await ai.stop(stopKey(commandId)) };
    },

    async stopEntity(userId, commandId, entityId) {
      const [row] = await db
        .select({ n: count() })
        .from(runs)
        .where(
          and(eq(runs.userId, userId), eq(runs.commandId, commandId), eq(runs.entityId, entityId)),
        );
      if ((row?.n ?? 0) === 0) throw notFound("command", "Command not found");
      return { stopped: await ai.stop(entityStopKey(commandId, entityId)) };
    },
  };
}
