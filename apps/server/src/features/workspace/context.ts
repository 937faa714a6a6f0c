// What every part of the workspace service shares: its deps, the access rule for universes (own, read, write), the
// caller's plan and caps, the per-user lock, loading a universe or an entity the caller may see, creating a universe,
// deleting an own row.

import { planInForce, upgradePayload } from "@aacos/domain/catalog";
import { checkNewUniverse, type EntityStatus, type LimitCheck } from "@aacos/domain/workspace";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  entities,
  universes,
  type universeTemplates,
  userPlanColumns,
  users,
} from "../../db/schema.js";
import { AppError, notFound } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";
import type { FileService } from "../files/index.js";
import type { ExtractionLimits } from "./extract-text.js";
import type { ActionRecorder, Entity, EntityCheck, Universe, WorkspaceCaller } from "./types.js";

export interface WorkspaceDeps {
  db: Db;
  /** Where uploaded files are read (features/files). */
  files: Pick<FileService, "get" | "open">;
  clock: () => Date;
  /** XP and quests for created universes, entities and knowledge files; absent in unit setups. */
  progression?: ActionRecorder;
  /** The provider check a sync runs for each entity; by default every entity passes. */
  checkEntity?: EntityCheck;
  log?: { warn(details: object, message: string): void };
  /** The memory and time one document's text extraction may take (EXTRACT_MEMORY_MB, EXTRACT_TIMEOUT_SECONDS). */
  extraction?: ExtractionLimits;
}

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const UNIVERSE_COLUMNS = {
  id: universes.id,
  name: universes.name,
  description: universes.description,
  archivedAt: universes.archivedAt,
  // Spelled out: inside a subquery Drizzle would leave both columns unqualified.
  entityCount: sql<number>`(select count(*)::int from entities e where e.universe_id = "universes"."id")`,
  createdAt: universes.createdAt,
  updatedAt: universes.updatedAt,
};

export const ENTITY_COLUMNS = {
  id: entities.id,
  universeId: entities.universeId,
  userId: entities.userId,
  name: entities.name,
  role: entities.role,
  systemPrompt: entities.systemPrompt,
  model: entities.model,
  temperature: entities.temperature,
  status: sql<EntityStatus>`${entities.status}`,
  createdAt: entities.createdAt,
  updatedAt: entities.updatedAt,
};

/**
 * How much of a universe a caller needs (docs/decisions/111-team-access.md): "own" is the universe's owner only;
 * "read" also lets in members of a team it is shared with; "write" those of them who may write (team owner, canWrite).
 */
export type UniverseAccess = "own" | "read" | "write";

/** The SQL condition "this caller has `need` on the universe whose id is `universeId`" (a column of the outer query). */
export function accessTo(userId: string, ownerId: SQL, universeId: SQL, need: UniverseAccess): SQL {
  const mine = sql`${ownerId} = ${userId}`;
  if (need === "own") return mine;
  const writes = need === "write" ? sql` and (tm.role = 'owner' or tm.can_write)` : sql``;
  return sql`(${mine} or exists (select 1 from team_universes tu join team_members tm on tm.team_id = tu.team_id
    where tu.universe_id = ${universeId} and tm.user_id = ${userId}${writes}))`;
}

/** The caller has `need` on the statement's `universes` row. */
export const universeAccess = (userId: string, need: UniverseAccess): SQL =>
  accessTo(userId, sql`"universes"."user_id"`, sql`"universes"."id"`, need);

/** The caller has `need` on the universe of the statement's `entities` row. */
export const entityAccess = (userId: string, need: UniverseAccess): SQL =>
  accessTo(userId, sql`"entities"."user_id"`, sql`"entities"."universe_id"`, need);

/** The universe columns as one caller sees them: whether it is shared with them, through which team, may they write. */
export function universeColumnsFor(userId: string) {
  const id = sql`"universes"."id"`;
  const owner = sql`"universes"."user_id"`;
  return {
    ...UNIVERSE_COLUMNS,
    ownerId: universes.userId,
    shared: sql<boolean>`(${owner} <> ${userId})`,
    teamId: sql<
      string | null
    >`(select tu.team_id from team_universes tu join team_members tm on tm.team_id = tu.team_id
      where tu.universe_id = ${id} and tm.user_id = ${userId} order by tu.shared_at, tu.team_id limit 1)`,
    canWrite: sql<boolean>`${accessTo(userId, owner, id, "write")}`,
  };
}

/** 403 limit_reached with the upgrade payload (docs/product.md §7). */
export function limitReached(
  caller: Pick<WorkspaceCaller, "tier">,
  check: Exclude<LimitCheck, { ok: true }>,
): AppError {
  return new AppError("limit_reached", 403, check.message, {
    params: { limit: check.reason, max: check.limit },
    extra: { ...upgradePayload(caller.tier, check.reason) },
  });
}

export type WorkspaceContext = ReturnType<typeof createWorkspaceContext>;

export function createWorkspaceContext(deps: WorkspaceDeps) {
  const { db, clock } = deps;
  const limitsOf = (caller: WorkspaceCaller) => effectiveLimits(caller.tier, caller.world);

  /** Progress is best effort: a failure is logged and never undoes what the user made. */
  async function record(
    userId: string,
    action: Parameters<ActionRecorder["recordAction"]>[1],
    key: string,
  ): Promise<void> {
    if (deps.progression === undefined) return;
    try {
      await deps.progression.recordAction(userId, action, key);
    } catch (error) {
      deps.log?.warn({ err: error, userId, action }, "workspace action not credited");
    }
  }

  /** One workspace change at a time per user, so two requests cannot both take the last free place. */
  async function lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  }

  async function universeOf(
    executor: Executor,
    userId: string,
    id: string,
    need: UniverseAccess = "own",
  ): Promise<Universe> {
    if (!UUID.test(id)) throw notFound("universe", "No such universe");
    const [row] = await executor
      .select(universeColumnsFor(userId))
      .from(universes)
      .where(and(eq(universes.id, id), universeAccess(userId, need)));
    // Someone else's universe answers exactly like a missing one.
    if (row === undefined) throw notFound("universe", "No such universe");
    return row;
  }

  async function entityOf(
    executor: Executor,
    userId: string,
    id: string,
    need: UniverseAccess = "own",
  ): Promise<Entity> {
    if (!UUID.test(id)) throw notFound("entity", "No such entity");
    const [row] = await executor
      .select(ENTITY_COLUMNS)
      .from(entities)
      .where(and(eq(entities.id, id), entityAccess(userId, need)));
    if (row === undefined) throw notFound("entity", "No such entity");
    return row;
  }

  /**
   * Deletes the caller's own row of `table` by id; a malformed id, someone else's row and a missing one all answer
   * the same 404.
   */
  async function deleteOwn(
    table: typeof universes | typeof universeTemplates,
    userId: string,
    id: string,
    missing: () => AppError,
  ): Promise<void> {
    if (!UUID.test(id)) throw missing();
    const removed = await db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ id: table.id });
    if (removed.length === 0) throw missing();
  }

  /** A universe owner's plan in force (entity caps of a shared universe are the owner's). */
  async function planOf(executor: Executor, userId: string): Promise<WorkspaceCaller> {
    const [row] = await executor.select(userPlanColumns).from(users).where(eq(users.id, userId));
    if (row === undefined) throw notFound("universe", "No such universe");
    return { id: userId, ...planInForce(row, clock()) };
  }

  async function universeCounts(executor: Executor, userId: string) {
    const [row] = await executor
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${universes.archivedAt} is null)::int`,
      })
      .from(universes)
      .where(eq(universes.userId, userId));
    return { total: row?.total ?? 0, active: row?.active ?? 0 };
  }

  /** Inserts a universe after the caps, inside the caller's transaction. */
  async function insertUniverse(
    tx: Tx,
    caller: WorkspaceCaller,
    body: { name: string; description?: string },
  ): Promise<string> {
    await lockUser(tx, caller.id);
    const check = checkNewUniverse(await universeCounts(tx, caller.id), limitsOf(caller));
    if (!check.ok) throw limitReached(caller, check);
    const now = clock();
    const [row] = await tx
      .insert(universes)
      .values({
        userId: caller.id,
        name: body.name,
        description: body.description ?? "",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: universes.id });
    if (row === undefined) throw new Error("universe insert returned no row");
    return row.id;
  }

  return {
    deps,
    db,
    clock,
    limitsOf,
    record,
    lockUser,
    universeOf,
    entityOf,
    planOf,
    universeCounts,
    insertUniverse,
    deleteOwn,
  };
}
