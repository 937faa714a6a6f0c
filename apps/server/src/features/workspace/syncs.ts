// Syncs: a queued run of kind "sync" per universe, performed by the job runner (each entity checked, each knowledge
// file re-indexed), or queued and performed in one go.

import { performance } from "node:perf_hooks";
import type { RunError } from "@aacos/domain/errors";
import { and, eq, inArray, sql } from "drizzle-orm";
import { files, knowledgeFiles, runs, universes } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";
import type { WorkspaceContext } from "./context.js";
import type { EntityActions } from "./entities.js";
import type { KnowledgeIndex } from "./indexing.js";
import type { EntityCheck, Run } from "./types.js";

const RUN_COLUMNS = {
  id: runs.id,
  kind: runs.kind,
  universeId: runs.universeId,
  status: sql<Run["status"]>`${runs.status}`,
  durationMs: runs.durationMs,
  output: runs.output,
  error: runs.error,
  createdAt: runs.createdAt,
  finishedAt: runs.finishedAt,
};

/** A finished sync's failure as the code and params stored beside its English text (docs/decisions/300). */
function syncErrorCode(
  stopped: boolean,
  universeGone: boolean,
  failedItems: readonly string[],
): { errorCode: string | null; errorParams: RunError["params"] | null } {
  const error: RunError | null = stopped
    ? { code: "sync_stopped", params: {} }
    : universeGone
      ? { code: "universe_gone", params: {} }
      : failedItems.length > 0
        ? { code: "sync_problems", params: { items: failedItems.join(", ") } }
        : null;
  return { errorCode: error?.code ?? null, errorParams: error?.params ?? null };
}

export function createSyncActions(
  ctx: WorkspaceContext,
  index: KnowledgeIndex,
  entityActions: Pick<EntityActions, "listEntities">,
) {
  const { deps, db, clock, universeOf } = ctx;
  const { reindex } = index;
  const checkEntity: EntityCheck = deps.checkEntity ?? (async () => ({ ok: true }));
  const actions = {
    /**
     * POST /aacos/universe/sync: records a queued run of kind "sync" for the caller's universe; the job runner then
     * performs it (performSync), so the request answers at once (docs/decisions/091-jobs-versus-requests.md).
     */
    async queueSync(userId: string, universeId: string): Promise<Run> {
      const universe = await universeOf(db, userId, universeId);
      const [row] = await db
        .insert(runs)
        .values({
          userId,
          kind: "sync",
          universeId: universe.id,
          input: universe.name,
          status: "queued",
          createdAt: clock(),
        })
        .returning(RUN_COLUMNS);
      if (row === undefined) throw new Error("run insert returned no row");
      return row;
    },

    /**
     * The sync job: checks each entity (the AI feature's provider check) and re-indexes each knowledge file; the run
     * goes running → succeeded or failed (stopped when `signal` aborts). A run that has already ended stays as it is.
     */
    async performSync(runId: string, signal?: AbortSignal): Promise<Run> {
      const [claimed] = await db
        .update(runs)
        .set({ status: "running" })
        .where(
          and(
            eq(runs.id, runId),
            eq(runs.kind, "sync"),
            inArray(runs.status, ["queued", "running"]),
          ),
        )
        .returning({ userId: runs.userId, universeId: runs.universeId });
      if (claimed === undefined) {
        const [ended] = await db.select(RUN_COLUMNS).from(runs).where(eq(runs.id, runId));
        if (ended === undefined) throw notFound("run", "No such run");
        return ended;
      }
      const { userId } = claimed;
      const started = performance.now();
      const lines: string[] = [];
      const problems: string[] = [];
      /** The names of the entities and files that failed, for the code (docs/decisions/300). */
      const failedItems: string[] = [];
      // The owner was checked when the run was queued; the universe may have gone since.
      const [universe] = await db
        .select({ id: universes.id })
        .from(universes)
        .where(and(eq(universes.id, claimed.universeId ?? ""), eq(universes.userId, userId)));
      if (universe === undefined) problems.push("the universe no longer exists");
      const members =
        universe === undefined ? [] : await entityActions.listEntities(userId, universe.id);
      for (const entity of members) {
        if (signal?.aborted) break;
        const verdict = await checkEntity(entity).catch((error: unknown) => ({
          ok: false,
          error: error instanceof Error ? error.message : "check failed",
        }));
        lines.push(
          `entity ${entity.name}: ${verdict.ok ? "ok" : `failed (${verdict.error ?? ""})`}`,
        );
        if (!verdict.ok) {
          problems.push(`${entity.name}: ${verdict.error ?? "check failed"}`);
          failedItems.push(entity.name);
        }
        const knowledge = await db
          .select({
            id: knowledgeFiles.id,
            entityId: knowledgeFiles.entityId,
            fileId: knowledgeFiles.fileId,
            name: files.name,
          })
          .from(knowledgeFiles)
          .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
          .where(and(eq(knowledgeFiles.entityId, entity.id), eq(knowledgeFiles.userId, userId)));
        for (const item of knowledge) {
          if (signal?.aborted) break;
          const outcome = await reindex(userId, item);
          lines.push(
            `  ${item.name}: ${outcome.ok ? `${outcome.passages} passages` : `failed (${outcome.error ?? ""})`}`,
          );
          if (!outcome.ok) {
            problems.push(`${item.name}: ${outcome.error ?? "failed"}`);
            failedItems.push(item.name);
          }
        }
      }
      const stopped = signal?.aborted === true;
      const [row] = await db
        .update(runs)
        .set({
          output: lines.join("\n"),
          status: stopped ? "stopped" : problems.length === 0 ? "succeeded" : "failed",
          durationMs: Math.round(performance.now() - started),
          error: stopped ? "stopped" : problems.length === 0 ? null : problems.join("; "),
          ...syncErrorCode(stopped, universe === undefined, failedItems),
          finishedAt: clock(),
        })
        .where(eq(runs.id, runId))
        .returning(RUN_COLUMNS);
      if (row === undefined) throw new Error("run update returned no row");
      return row;
    },

    /** Queues and performs a sync in one go (scripts and tests that want the outcome). */
    async syncUniverse(userId: string, universeId: string): Promise<Run> {
      const queued = await actions.queueSync(userId, universeId);
      return actions.performSync(queued.id);
    },
  };
  return actions;
}
