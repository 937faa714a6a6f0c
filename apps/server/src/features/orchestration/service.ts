// Entity orchestration: every entity of every user for admins and operators (one's own for everyone else) with run
// figures from the runs table, and the actions pause, resume, stop and reassign, one at a time or in bulk. Every
// action is audited and published on the realtime bus ("runs" topic, kind "entityStatus").

import type { Permission, Role } from "@aacos/domain/access";
import { toTierName, toWorldName } from "@aacos/domain/catalog";
import { fieldFailure } from "@aacos/domain/errors";
import {
  type BulkOrchestrationBody,
  type BulkResult,
  type ConfiguredModel,
  managesAllEntities,
  ORCHESTRATION_MESSAGES,
  type OrchestratedEntity,
  type OrchestrationAction,
  type OrchestrationListQuery,
  type OrchestrationPage,
  type OrchestrationStatus,
} from "@aacos/domain/orchestration";
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { likeContaining } from "../../db/like.js";
import { fetchPage } from "../../db/paging.js";
import { conversations, entities, entityHolds, runs, universes, users } from "../../db/schema.js";
import { AppError, forbidden, notFound } from "../../platform/errors.js";
import type { RealtimeBus } from "../../platform/realtime-bus.js";
import type { ModelCatalog } from "../ai/index.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { ChatService } from "../chat/index.js";
import type { CommandService } from "../commands/index.js";
import { BACKGROUND_RUN_KIND, type BackgroundRuns } from "../jobs/index.js";

export interface OrchestrationCaller {
  userId: string;
  roles: readonly Role[];
  permissions: readonly Permission[];
  context: AuditContext;
}

export interface OrchestrationService {
  list(caller: OrchestrationCaller, query: OrchestrationListQuery): Promise<OrchestrationPage>;
  models(): { models: ConfiguredModel[]; defaultModel: string | null };
  act(
    caller: OrchestrationCaller,
    entityId: string,
    action: Exclude<OrchestrationAction, "reassign">,
  ): Promise<OrchestratedEntity>;
  reassign(
    caller: OrchestrationCaller,
    entityId: string,
    model: string | null,
  ): Promise<OrchestratedEntity>;
  bulk(caller: OrchestrationCaller, body: BulkOrchestrationBody): Promise<BulkResult[]>;
  /** Listens on the bus so a stop reaches runs streaming on other instances. */
  start(): Promise<void>;
  stop(): void;
}

const STATUS = sql<string>`coalesce(${entityHolds.state}, ${entities.status})`;

const ROW = {
  id: entities.id,
  name: entities.name,
  role: entities.role,
  status: STATUS,
  model: entities.model,
  heldByManager: sql<boolean>`coalesce(${entityHolds.byManager}, false)`,
  universeId: universes.id,
  universeName: universes.name,
  ownerId: users.id,
  ownerUsername: users.username,
  ownerEmail: users.email,
  createdAt: entities.createdAt,
};

type Row = {
  id: string;
  name: string;
  role: string;
  status: string;
  model: string | null;
  heldByManager: boolean;
  universeId: string;
  universeName: string;
  ownerId: string;
  ownerUsername: string;
  ownerEmail: string;
  createdAt: Date;
};

type Figures = Pick<
  OrchestratedEntity,
  "lastRunAt" | "lastRunStatus" | "tokensToday" | "tokensTotal" | "errorCount"
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function asStatus(value: string): OrchestrationStatus {
  return value === "running" || value === "paused" || value === "error" || value === "stopped"
    ? value
    : "idle";
}

export function createOrchestrationService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  models: ModelCatalog | null;
  bus: RealtimeBus;
  chat: Pick<ChatService, "stop">;
  commands: Pick<CommandService, "stop">;
  /** Background entity runs on the job runner; their cancel reaches whichever instance runs them. */
  backgroundRuns?: Pick<BackgroundRuns, "cancel">;
  /** This process, so it skips its own stop broadcasts (it stopped its runs already). */
  instance: string;
  log: { warn: (object: object, message: string) => void };
}): OrchestrationService {
  const { db, clock, audit, bus } = deps;
  const defaultModel = deps.models?.defaultModel ?? null;
  const configured =
    deps.models === null ? [] : [defaultModel ?? "", ...deps.models.offered.map((m) => m.name)];
  let unsubscribe: (() => void) | null = null;

  const manages = (caller: OrchestrationCaller) => managesAllEntities(caller);

  async function figures(ids: string[]) {
    const result = new Map<string, Figures>();
    if (ids.length === 0) return result;
    const now = clock();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const tokens = sql`${runs.promptTokens} + ${runs.completionTokens}`;
    const [totals, lasts] = await Promise.all([
      db
        .select({
          entityId: runs.entityId,
          lastRunAt: sql<string | null>`max(${runs.createdAt})`,
          tokensTotal: sql<number>`coalesce(sum(${tokens}), 0)`.mapWith(Number),
          tokensToday:
            sql<number>`coalesce(sum(${tokens}) filter (where ${runs.createdAt} >= ${dayStart.toISOString()}::timestamptz), 0)`.mapWith(
              Number,
            ),
          errorCount: sql<number>`count(*) filter (where ${runs.status} = 'failed')`.mapWith(
            Number,
          ),
        })
        .from(runs)
        .where(inArray(runs.entityId, ids))
        .groupBy(runs.entityId),
      db
        .selectDistinctOn([runs.entityId], { entityId: runs.entityId, status: runs.status })
        .from(runs)
        .where(inArray(runs.entityId, ids))
        .orderBy(runs.entityId, desc(runs.createdAt)),
    ]);
    const lastStatus = new Map(lasts.map((row) => [row.entityId, row.status]));
    for (const row of totals) {
      if (row.entityId === null) continue;
      result.set(row.entityId, {
        lastRunAt: row.lastRunAt === null ? null : new Date(row.lastRunAt).toISOString(),
        lastRunStatus: lastStatus.get(row.entityId) ?? null,
        tokensToday: row.tokensToday,
        tokensTotal: row.tokensTotal,
        errorCount: row.errorCount,
      });
    }
    return result;
  }

  function base(row: Row) {
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      status: asStatus(row.status),
      model: row.model,
      heldByManager: row.heldByManager,
      universe: { id: row.universeId, name: row.universeName },
      owner: { id: row.ownerId, username: row.ownerUsername, email: row.ownerEmail },
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function views(rows: Row[]): Promise<OrchestratedEntity[]> {
    const stats = await figures(rows.map((row) => row.id));
    return rows.map((row) => ({
      ...base(row),
      lastRunAt: null,
      lastRunStatus: null,
      tokensToday: 0,
      tokensTotal: 0,
      errorCount: 0,
      ...stats.get(row.id),
    }));
  }

  function selectRows() {
    return db
      .select(ROW)
      .from(entities)
      .innerJoin(universes, eq(universes.id, entities.universeId))
      .innerJoin(users, eq(users.id, entities.userId))
      .leftJoin(entityHolds, eq(entityHolds.entityId, entities.id));
  }

  /** The entity if the caller may act on it: anyone's for managers, their own otherwise (404 for the rest). */
  async function target(caller: OrchestrationCaller, entityId: string): Promise<Row> {
    if (!UUID.test(entityId)) throw notFound("entity", ORCHESTRATION_MESSAGES.notFound);
    const scope = manages(caller) ? undefined : eq(entities.userId, caller.userId);
    const [row] = await selectRows().where(and(eq(entities.id, entityId), scope));
    if (row === undefined) throw notFound("entity", ORCHESTRATION_MESSAGES.notFound);
    return row;
  }

  async function viewOf(entityId: string): Promise<OrchestratedEntity> {
    const [row] = await selectRows().where(eq(entities.id, entityId));
    if (row === undefined) throw notFound("entity", ORCHESTRATION_MESSAGES.notFound);
    const [view] = await views([row]);
    if (view === undefined) throw notFound("entity", ORCHESTRATION_MESSAGES.notFound);
    return view;
  }

  /** Cancels the entity's queued and running background runs (the job runner reaches every instance). */
  async function cancelBackgroundRuns(entityId: string, ownerId: string): Promise<number> {
    const background = deps.backgroundRuns;
    if (background === undefined) return 0;
    const pending = await db
      .select({ id: runs.id })
      .from(runs)
      .where(
        and(
          eq(runs.entityId, entityId),
          eq(runs.kind, BACKGROUND_RUN_KIND),
          inArray(runs.status, ["queued", "running"]),
        ),
      );
    if (pending.length === 0) return 0;
    const [owner] = await db
      .select({ tier: users.tier, world: users.world })
      .from(users)
      .where(eq(users.id, ownerId));
    if (owner === undefined) return 0;
    let cancelled = 0;
    for (const run of pending) {
      try {
        await background.cancel(
          { userId: ownerId, tier: toTierName(owner.tier), world: toWorldName(owner.world) },
          run.id,
        );
        cancelled += 1;
      } catch (error) {
        // Finished meanwhile (409) or gone (404): nothing left to stop.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return cancelled;
  }

  /** Aborts the entity's answers streaming in this process (chat and command centre); returns how many. */
  async function stopLocalRuns(entityId: string, ownerId: string): Promise<number> {
    const running = await db
      .select({ kind: runs.kind, commandId: runs.commandId })
      .from(runs)
      .where(and(eq(runs.entityId, entityId), eq(runs.status, "running")));
    let stopped = 0;
    const commandIds = new Set(
      running
        .filter((run) => run.kind === "command")
        .map((run) => run.commandId)
        .filter((id): id is string => id !== null),
    );
    for (const commandId of commandIds) {
      if ((await deps.commands.stop(ownerId, commandId)).stopped) stopped += 1;
    }
    if (running.some((run) => run.kind === "chat")) {
      const chats = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.entityId, entityId));
      for (const chat of chats) {
        if ((await deps.chat.stop(ownerId, chat.id)).stopped) stopped += 1;
      }
    }
    return stopped;
  }

  /** Admins' sockets (userId null), the owner's, and each operator's that is not an admin. */
  async function announce(view: OrchestratedEntity) {
    const operators = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`'operator' = any(${users.roles})`, sql`not ('admin' = any(${users.roles}))`));
    const message = {
      type: "run",
      run: {
        kind: "entityStatus",
        source: "orchestration",
        entityId: view.id,
        ownerId: view.owner.id,
        status: view.status,
        model: view.model,
        origin: deps.instance,
      },
    };
    const audience = new Set<string | null>([null, view.owner.id, ...operators.map((o) => o.id)]);
    for (const userId of audience) await bus.publish("runs", { userId, message });
  }

  async function setHold(row: Row, caller: OrchestrationCaller, state: "paused" | "stopped") {
    const now = clock();
    const byManager = row.ownerId !== caller.userId;
    await db
      .insert(entityHolds)
      .values({
        entityId: row.id,
        userId: row.ownerId,
        state,
        byManager,
        actorId: caller.userId,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: entityHolds.entityId,
        set: { state, byManager, actorId: caller.userId, createdAt: now },
      });
    // The workspace's own views show the entity paused while any hold lasts.
    await db
      .update(entities)
      .set({ status: "paused", updatedAt: now })
      .where(eq(entities.id, row.id));
  }

  async function act(
    caller: OrchestrationCaller,
    entityId: string,
    action: Exclude<OrchestrationAction, "reassign">,
  ): Promise<OrchestratedEntity> {
    const row = await target(caller, entityId);
    const from = asStatus(row.status);
    if (action === "pause") {
      await setHold(row, caller, "paused");
      await audit.record(caller.context, "entity.paused", row.id, { ownerId: row.ownerId, from });
    } else if (action === "stop") {
      await setHold(row, caller, "stopped");
      const stoppedRuns =
        (await stopLocalRuns(row.id, row.ownerId)) +
        (await cancelBackgroundRuns(row.id, row.ownerId));
      await audit.record(caller.context, "entity.stopped", row.id, {
        ownerId: row.ownerId,
        from,
        stoppedRuns,
      });
    } else {
      if (row.heldByManager && !manages(caller))
        throw forbidden("entity_held_by_operator", ORCHESTRATION_MESSAGES.heldByOperator);
      await db.delete(entityHolds).where(eq(entityHolds.entityId, row.id));
      await db
        .update(entities)
        .set({ status: "idle", updatedAt: clock() })
        .where(and(eq(entities.id, row.id), inArray(entities.status, ["paused", "error"])));
      await audit.record(caller.context, "entity.resumed", row.id, { ownerId: row.ownerId, from });
    }
    const view = await viewOf(row.id);
    await announce(view);
    return view;
  }

  async function reassign(caller: OrchestrationCaller, entityId: string, model: string | null) {
    const row = await target(caller, entityId);
    if (model !== null && !configured.includes(model)) {
      throw new AppError(
        "validation_failed",
        400,
        ORCHESTRATION_MESSAGES.unknownModel(configured),
        {
          fields: {
            model: fieldFailure(ORCHESTRATION_MESSAGES.unknownModel(configured), "unknown_model", {
              models: configured.join(", "),
            }),
          },
        },
      );
    }
    // The server's default is stored as null, so a later change of AI_MODEL carries it along.
    const stored = model === defaultModel ? null : model;
    await db
      .update(entities)
      .set({ model: stored, updatedAt: clock() })
      .where(eq(entities.id, row.id));
    await audit.record(caller.context, "entity.model_changed", row.id, {
      ownerId: row.ownerId,
      from: row.model,
      to: stored,
    });
    const view = await viewOf(row.id);
    await announce(view);
    return view;
  }

  return {
    async list(caller, query) {
      const where: SQL[] = [];
      if (!manages(caller) || query.scope === "mine")
        where.push(eq(entities.userId, caller.userId));
      if (query.ownerId !== undefined) where.push(eq(entities.userId, query.ownerId));
      if (query.status !== undefined) where.push(sql`${STATUS} = ${query.status}`);
      if (query.model !== undefined) {
        const own = eq(entities.model, query.model);
        where.push(query.model === defaultModel ? (or(own, isNull(entities.model)) as SQL) : own);
      }
      if (query.search !== undefined && query.search !== "") {
        const pattern = likeContaining(query.search);
        where.push(
          or(
            ilike(entities.name, pattern),
            ilike(entities.role, pattern),
            ilike(universes.name, pattern),
            ilike(users.username, pattern),
            ilike(users.email, pattern),
          ) as SQL,
        );
      }
      const condition = where.length === 0 ? undefined : and(...where);
      const { items, total } = await fetchPage(
        query,
        selectRows().where(condition).orderBy(desc(entities.createdAt), desc(entities.id)),
        db
          .select({ n: count() })
          .from(entities)
          .innerJoin(universes, eq(universes.id, entities.universeId))
          .innerJoin(users, eq(users.id, entities.userId))
          .leftJoin(entityHolds, eq(entityHolds.entityId, entities.id))
          .where(condition),
      );
      return {
        items: await views(items),
        total,
        page: query.page,
        pageSize: query.pageSize,
        managesAll: manages(caller),
      };
    },

    models() {
      const offered = deps.models?.offered ?? [];
      return {
        defaultModel,
        models: configured.map((name) => ({
          name,
          complexity: offered.find((model) => model.name === name)?.complexity ?? null,
          isDefault: name === defaultModel,
        })),
      };
    },

    act,
    reassign,

    async bulk(caller, body) {
      const results: BulkResult[] = [];
      for (const entityId of body.entityIds) {
        try {
          const entity =
            body.action === "reassign"
              ? await reassign(caller, entityId, body.model ?? null)
              : await act(caller, entityId, body.action);
          results.push({ entityId, ok: true, entity });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            entityId,
            ok: false,
            error: {
              code: error.code,
              message: error.message,
              ...(error.params ? { params: error.params } : {}),
            },
          });
        }
      }
      return results;
    },

    async start() {
      unsubscribe = await bus.subscribe("runs", (envelope) => {
        const run = envelope.message.run as
          | {
              kind?: unknown;
              status?: unknown;
              entityId?: unknown;
              ownerId?: unknown;
              origin?: unknown;
            }
          | undefined;
        // One announcement per audience member arrives; the admins' copy (userId null) is the one to act on.
        if (envelope.userId !== null || run?.kind !== "entityStatus" || run.status !== "stopped")
          return;
        if (run.origin === deps.instance) return;
        if (typeof run.entityId !== "string" || typeof run.ownerId !== "string") return;
        stopLocalRuns(run.entityId, run.ownerId).catch((error: unknown) =>
          deps.log.warn({ err: error }, "entity runs not stopped here"),
        );
      });
    },

    stop() {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
