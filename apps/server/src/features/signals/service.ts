// The signal hub: one stream per user of everything that happens (runs, syncs, quota hits, security, progression),
// written to the signals table, published on the realtime bus, listed newest first and pruned by the tier's retention.
import { TIER_NAMES, type TierName } from "@aacos/domain/catalog";
import type { SignalListQuery, SignalSeverity } from "@aacos/domain/validation";
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { fetchPage } from "../../db/paging.js";
import { signals, users } from "../../db/schema.js";
import { tierByName } from "../../platform/live-catalog.js";
import type { RealtimeBus } from "../../platform/realtime-bus.js";

export interface SignalInput {
  kind: string;
  source: string;
  severity: SignalSeverity;
  data: Record<string, unknown>;
}

export interface SignalView extends SignalInput {
  id: number;
  createdAt: string;
}

export interface SignalPage {
  items: SignalView[];
  /** Pass as `after` for the next (older) page; null at the end. */
  nextCursor: number | null;
}

export interface SignalFilter {
  kind?: string;
  source?: string;
  severity?: SignalSeverity;
  /** Only signals older than this id (the cursor of the list). */
  olderThan?: number;
  /** Only signals newer than this id (replay after a reconnect). */
  newerThan?: number;
  since?: Date;
  limit: number;
}

export interface SignalService {
  /** Writes the signal and publishes it to the user's sockets; a null user is a system signal (admins). */
  emit(userId: string | null, input: SignalInput): Promise<SignalView>;
  /** emit() for hooks in other features: never throws, never delays the caller. */
  notify(userId: string | null, input: SignalInput): void;
  list(userId: string, filter: SignalFilter): Promise<SignalPage>;
  /** Signals after `afterId`, oldest first (what a reconnecting socket missed). */
  replay(userId: string, afterId: number, limit: number): Promise<SignalView[]>;
  /** Newest first, by page (the dashboard's activity feed). */
  page(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ items: SignalView[]; total: number }>;
  countSince(userId: string, since: Date): Promise<number>;
  /** Deletes signals past their owner's tier retention; system signals keep the longest. */
  prune(): Promise<{ deleted: number }>;
}

const DAY_MS = 86_400_000;
/** Kinds that also go to the "runs" topic. */
const RUN_KINDS = new Set(["run", "sync"]);

type SignalRow = typeof signals.$inferSelect;

export function signalView(row: SignalRow): SignalView {
  const severity =
    row.severity === "warning" || row.severity === "critical" ? row.severity : "info";
  const data =
    typeof row.data === "object" && row.data !== null && !Array.isArray(row.data)
      ? (row.data as Record<string, unknown>)
      : { value: row.data };
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    severity,
    data,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The query's filters as the service reads them (`after` is the cursor: older than that id). */
export function filterOf(query: SignalListQuery): SignalFilter {
  return {
    kind: query.kind,
    source: query.source,
    severity: query.severity,
    olderThan: query.after,
    since: query.since === undefined ? undefined : new Date(query.since),
    limit: query.limit,
  };
}

export function createSignalService(deps: {
  db: Db;
  clock: () => Date;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
}): SignalService {
  const { db, clock, bus, log } = deps;

  const service: SignalService = {
    async emit(userId, input) {
      const [row] = await db
        .insert(signals)
        .values({ userId, ...input, createdAt: clock() })
        .returning();
      if (row === undefined) throw new Error("signal not recorded");
      const signal = signalView(row);
      await bus.publish("signals", { userId, message: { type: "signal", signal } });
      if (RUN_KINDS.has(signal.kind)) {
        await bus.publish("runs", {
          userId,
          message: {
            type: "run",
            run: { kind: signal.kind, source: signal.source, ...signal.data },
          },
        });
      }
      return signal;
    },

    notify(userId, input) {
      service
        .emit(userId, input)
        .catch((error: unknown) =>
          log.warn({ err: error, userId, kind: input.kind }, "signal not recorded"),
        );
    },

    async list(userId, filter) {
      const where: SQL[] = [eq(signals.userId, userId)];
      if (filter.kind !== undefined) where.push(eq(signals.kind, filter.kind));
      if (filter.source !== undefined) where.push(eq(signals.source, filter.source));
      if (filter.severity !== undefined) where.push(eq(signals.severity, filter.severity));
      if (filter.olderThan !== undefined) where.push(lt(signals.id, filter.olderThan));
      if (filter.newerThan !== undefined) where.push(gt(signals.id, filter.newerThan));
      if (filter.since !== undefined) where.push(gte(signals.createdAt, filter.since));
      const rows = await db
        .select()
        .from(signals)
        .where(and(...where))
        .orderBy(desc(signals.id))
        .limit(filter.limit + 1);
      const items = rows.slice(0, filter.limit).map(signalView);
      const last = items.at(-1);
      return {
        items,
        nextCursor: rows.length > filter.limit && last !== undefined ? last.id : null,
      };
    },

    async replay(userId, afterId, limit) {
      const rows = await db
        .select()
        .from(signals)
        .where(and(eq(signals.userId, userId), gt(signals.id, afterId)))
        .orderBy(asc(signals.id))
        .limit(limit);
      return rows.map(signalView);
    },

    async page(userId, page, pageSize) {
      const { items, total } = await fetchPage(
        { page, pageSize },
        db.select().from(signals).where(eq(signals.userId, userId)).orderBy(desc(signals.id)),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(signals)
          .where(eq(signals.userId, userId)),
      );
      return { items: items.map(signalView), total };
    },

    async countSince(userId, since) {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(signals)
        .where(and(eq(signals.userId, userId), gte(signals.createdAt, since)));
      return row?.total ?? 0;
    },

    async prune() {
      const now = clock().getTime();
      const cutoff = (tier: TierName) =>
        new Date(now - tierByName(tier).limits.signalRetentionDays * DAY_MS);
      let deleted = 0;
      for (const tier of TIER_NAMES) {
        // A tier name the catalogue does not know is read as genesis (as tierByName does).
        const owners =
          tier === "genesis"
            ? db
                .select({ id: users.id })
                .from(users)
                .where(
                  notInArray(
                    users.tier,
                    TIER_NAMES.filter((name) => name !== "genesis"),
                  ),
                )
            : db.select({ id: users.id }).from(users).where(eq(users.tier, tier));
        const gone = await db
          .delete(signals)
          .where(and(lt(signals.createdAt, cutoff(tier)), inArray(signals.userId, owners)))
          .returning({ id: signals.id });
        deleted += gone.length;
      }
      const longest = TIER_NAMES.reduce<TierName>(
        (best, tier) =>
          tierByName(tier).limits.signalRetentionDays > tierByName(best).limits.signalRetentionDays
            ? tier
            : best,
        "genesis",
      );
      const system = await db
        .delete(signals)
        .where(and(isNull(signals.userId), lt(signals.createdAt, cutoff(longest))))
        .returning({ id: signals.id });
      return { deleted: deleted + system.length };
    },
  };
  return service;
}
