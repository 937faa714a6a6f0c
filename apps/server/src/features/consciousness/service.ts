// Consciousness, the health index of a user's workspace (docs/product.md §1): awareness from signal sources, integration from
// runs and syncs, harmony from open alerts; a history row at most every 5 minutes, and the user's target level.
import {
  ALERT_SEVERITIES,
  type AlertSeverity,
  awarenessOf,
  BUILT_IN_RULE_IDS,
  CONSCIOUSNESS_LOOKBACK_MS,
  HISTORY_INTERVAL_MS,
  harmonyOf,
  integrationOf,
  needsRebalance,
  TEST_ALERT_PREFIX,
} from "@aacos/domain/monitoring";
import type { ConsciousnessState } from "@aacos/domain/replies";
import { and, desc, eq, gte, inArray, isNotNull, isNull, notLike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { alerts, consciousnessHistory, runs, signals } from "../../db/schema.js";

export interface ConsciousnessValues {
  awareness: number;
  integration: number;
  harmony: number;
}

export type { ConsciousnessState };

/** Runs that count towards integration, and the statuses that count as success. */
const INTEGRATION_KINDS = ["chat", "command", "sync"];
const SUCCEEDED = ["complete", "succeeded"];
/** Unfinished runs and runs the user stopped are neither successes nor failures. */
const FINISHED = [...SUCCEEDED, "failed"];
/** Before a user sets a level, the target is 0 (docs/product.md §3: the local store's awarenessLevel defaults to 0). */
const DEFAULT_TARGET_LEVEL = 0;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function createConsciousnessService(deps: {
  db: Db;
  clock: () => Date;
  /** Harmony fell below 0.3: the alerts feature opens the rebalance alert (once while it is open). */
  onLowHarmony?: (userId: string, harmony: number) => Promise<unknown>;
}) {
  const { db, clock } = deps;

  async function compute(userId: string): Promise<ConsciousnessValues> {
    const now = clock();
    const since = new Date(now.getTime() - CONSCIOUSNESS_LOOKBACK_MS);
    const sources = await db
      .select({ last: sql<Date | string>`max(${signals.createdAt})` })
      .from(signals)
      .where(and(eq(signals.userId, userId), gte(signals.createdAt, since)))
      .groupBy(signals.source);
    const [runCounts] = await db
      .select({
        total: sql<number>`count(*)::int`,
        succeeded: sql<number>`count(*) filter (where ${inArray(runs.status, SUCCEEDED)})::int`,
      })
      .from(runs)
      .where(
        and(
          eq(runs.userId, userId),
          gte(runs.createdAt, since),
          inArray(runs.kind, INTEGRATION_KINDS),
          inArray(runs.status, FINISHED),
        ),
      );
    const open = await db
      .select({ severity: alerts.severity, count: sql<number>`count(*)::int` })
      .from(alerts)
      .where(
        and(
          eq(alerts.userId, userId),
          inArray(alerts.status, ["open", "acknowledged"]),
          notLike(alerts.message, `${TEST_ALERT_PREFIX}%`),
          // The rebalance alert answers low harmony; counting it would keep harmony low after the cause is fixed.
          or(isNull(alerts.ruleId), sql`${alerts.ruleId} <> ${BUILT_IN_RULE_IDS.rebalance}`),
        ),
      )
      .groupBy(alerts.severity);
    const bySeverity: Partial<Record<AlertSeverity, number>> = {};
    for (const row of open) {
      const severity = ALERT_SEVERITIES.find((name) => name === row.severity);
      if (severity !== undefined) bySeverity[severity] = row.count;
    }
    return {
      awareness: round(
        awarenessOf(
          sources.map((row) => new Date(row.last)),
          now,
        ),
      ),
      integration: round(integrationOf(runCounts?.total ?? 0, runCounts?.succeeded ?? 0)),
      harmony: harmonyOf(bySeverity),
    };
  }

  async function latestRows(userId: string) {
    const [latest] = await db
      .select()
      .from(consciousnessHistory)
      .where(eq(consciousnessHistory.userId, userId))
      .orderBy(desc(consciousnessHistory.createdAt), desc(consciousnessHistory.id))
      .limit(1);
    const [withTarget] = await db
      .select({ targetLevel: consciousnessHistory.targetLevel })
      .from(consciousnessHistory)
      .where(
        and(eq(consciousnessHistory.userId, userId), isNotNull(consciousnessHistory.targetLevel)),
      )
      .orderBy(desc(consciousnessHistory.createdAt), desc(consciousnessHistory.id))
      .limit(1);
    return { latest, targetLevel: withTarget?.targetLevel ?? null };
  }

  async function checkHarmony(userId: string, harmony: number) {
    if (needsRebalance(harmony)) await deps.onLowHarmony?.(userId, harmony);
  }

  return {
    compute,

    /** GET /api/aacos/consciousness/state; records a history row when the last is 5 minutes old. */
    async state(userId: string): Promise<ConsciousnessState> {
      const values = await compute(userId);
      const now = clock();
      const { latest, targetLevel } = await latestRows(userId);
      if (
        latest === undefined ||
        now.getTime() - latest.createdAt.getTime() >= HISTORY_INTERVAL_MS
      ) {
        await db
          .insert(consciousnessHistory)
          .values({ userId, ...values, targetLevel, createdAt: now });
      }
      await checkHarmony(userId, values.harmony);
      return { ...values, targetLevel: targetLevel ?? DEFAULT_TARGET_LEVEL };
    },

    /** POST /api/aacos/consciousness/level: the user's target awareness level, kept as a history row. */
    async setLevel(userId: string, level: number): Promise<{ targetLevel: number }> {
      const values = await compute(userId);
      await db
        .insert(consciousnessHistory)
        .values({ userId, ...values, targetLevel: level, createdAt: clock() });
      return { targetLevel: level };
    },

    /** The user's history, newest first. */
    async history(userId: string, limit: number) {
      const rows = await db
        .select()
        .from(consciousnessHistory)
        .where(eq(consciousnessHistory.userId, userId))
        .orderBy(desc(consciousnessHistory.createdAt), desc(consciousnessHistory.id))
        .limit(limit);
      return {
        items: rows.map((row) => ({
          awareness: row.awareness,
          integration: row.integration,
          harmony: row.harmony,
          targetLevel: row.targetLevel ?? DEFAULT_TARGET_LEVEL,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** The evaluator's pass: users with unresolved alerts whose harmony fell below 0.3 get the rebalance alert. */
    async checkAllHarmony(): Promise<{ checked: number }> {
      const users = await db
        .selectDistinct({ userId: alerts.userId })
        .from(alerts)
        .where(and(isNotNull(alerts.userId), inArray(alerts.status, ["open", "acknowledged"])));
      let checked = 0;
      for (const { userId } of users) {
        if (userId === null) continue;
        checked += 1;
        await checkHarmony(userId, (await compute(userId)).harmony);
      }
      return { checked };
    },
  };
}

export type ConsciousnessService = ReturnType<typeof createConsciousnessService>;
