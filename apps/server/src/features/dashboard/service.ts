// The dashboard's figures for one user: real counts (stats), the last 24 hours of runs and tokens by hour plus the
// call counters (metrics), and the signal stream as a paged activity feed.
import type {
  ActivityPage,
  DashboardMetrics,
  DashboardStats,
  HourPoint,
} from "@aacos/domain/replies";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { alerts, conversations, entities, files, runs, universes } from "../../db/schema.js";
import type { UsageRecord } from "../../platform/metering.js";
import type { SignalService } from "../signals/index.js";

const HOUR_MS = 3_600_000;
const HOURS = 24;

export type { ActivityPage, DashboardMetrics, DashboardStats, HourPoint };

export interface DashboardService {
  stats(userId: string): Promise<DashboardStats>;
  metrics(userId: string, usage: UsageRecord): Promise<DashboardMetrics>;
  activity(userId: string, page: number, pageSize: number): Promise<ActivityPage>;
}

const countOf = sql<number>`count(*)::int`;

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function createDashboardService(deps: {
  db: Db;
  clock: () => Date;
  signals: Pick<SignalService, "countSince" | "page">;
}): DashboardService {
  const { db, clock, signals } = deps;
  return {
    async stats(userId) {
      const today = startOfUtcDay(clock());
      const [u, e, c, r, f, s, a] = await Promise.all([
        db
          .select({ n: countOf })
          .from(universes)
          .where(and(eq(universes.userId, userId), isNull(universes.archivedAt))),
        db.select({ n: countOf }).from(entities).where(eq(entities.userId, userId)),
        db.select({ n: countOf }).from(conversations).where(eq(conversations.userId, userId)),
        db
          .select({
            n: countOf,
            tokens: sql<number>`coalesce(sum(${runs.promptTokens} + ${runs.completionTokens}), 0)::bigint`,
          })
          .from(runs)
          .where(and(eq(runs.userId, userId), gte(runs.createdAt, today))),
        db
          .select({ n: countOf, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
          .from(files)
          .where(eq(files.userId, userId)),
        signals.countSince(userId, today),
        db
          .select({ n: countOf })
          .from(alerts)
          .where(and(eq(alerts.userId, userId), eq(alerts.status, "open"))),
      ]);
      return {
        universes: u[0]?.n ?? 0,
        entities: e[0]?.n ?? 0,
        conversations: c[0]?.n ?? 0,
        runsToday: r[0]?.n ?? 0,
        tokensToday: Number(r[0]?.tokens ?? 0),
        files: f[0]?.n ?? 0,
        storageBytes: Number(f[0]?.bytes ?? 0),
        signalsToday: s,
        openAlerts: a[0]?.n ?? 0,
      };
    },

    async metrics(userId, usage) {
      const now = clock().getTime();
      // The current hour is the last of 24 buckets.
      const firstHour = Math.floor(now / HOUR_MS) - (HOURS - 1);
      const bucket = sql<number>`floor(extract(epoch from ${runs.createdAt}) / 3600)::bigint`;
      const rows = await db
        .select({
          bucket,
          runs: countOf,
          tokens: sql<number>`coalesce(sum(${runs.promptTokens} + ${runs.completionTokens}), 0)::bigint`,
        })
        .from(runs)
        .where(and(eq(runs.userId, userId), gte(runs.createdAt, new Date(firstHour * HOUR_MS))))
        .groupBy(bucket);
      const byHour = new Map(rows.map((row) => [Number(row.bucket), row]));
      const hours = Array.from({ length: HOURS }, (_, index) => {
        const row = byHour.get(firstHour + index);
        return {
          hour: new Date((firstHour + index) * HOUR_MS).toISOString(),
          runs: row?.runs ?? 0,
          tokens: Number(row?.tokens ?? 0),
        };
      });
      const { apiCallsPerMinute, apiCallsPerHour, apiCallsPerDay, maxConcurrentRequests } =
        usage.limits;
      return {
        hours,
        calls: usage.counts,
        limits: { apiCallsPerMinute, apiCallsPerHour, apiCallsPerDay, maxConcurrentRequests },
      };
    },

    async activity(userId, page, pageSize) {
      const { items, total } = await signals.page(userId, page, pageSize);
      return { items, page, pageSize, total };
    },
  };
}
