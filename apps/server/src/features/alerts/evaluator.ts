// The evaluator: every 30 s it opens an alert for each rule whose condition held over its window (system rules over
// every instance's samples, user rules over their metric) and resolves those back on the good side; the rebalance
// alert raised by the consciousness view; the prune of old resolved alerts.

import {
  BUILT_IN_RULE_IDS,
  compare,
  describeCondition,
  holdsOverWindow,
  REBALANCE_SUGGESTED_ACTION,
  TEST_ALERT_PREFIX,
} from "@aacos/domain/monitoring";
import { and, count, eq, gte, inArray, isNull, lt, lte, notLike, or, sql } from "drizzle-orm";
import { alertRules, alerts, runs, signals } from "../../db/schema.js";
import type { AlertDelivery } from "./delivery.js";
import {
  ACTIVE,
  type AlertDeps,
  type AlertRow,
  type AlertRuleRow,
  asOp,
  SYSTEM_RULE_IDS,
} from "./views.js";

export function createAlertEvaluator(
  deps: AlertDeps,
  delivery: AlertDelivery,
  ensureBuiltIns: () => Promise<void>,
) {
  const { db, clock, log } = deps;

  /** Opens an alert unless one for the same rule (and user) is still open or acknowledged. */
  async function openOnce(
    rule: AlertRuleRow | null,
    values: {
      ruleId: string;
      userId: string | null;
      rule: string;
      severity: string;
      value: number | null;
      message: string;
      suggestedAction?: string | null;
    },
  ): Promise<AlertRow | null> {
    const [existing] = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.ruleId, values.ruleId),
          values.userId === null ? isNull(alerts.userId) : eq(alerts.userId, values.userId),
          inArray(alerts.status, ACTIVE),
          notLike(alerts.message, `${TEST_ALERT_PREFIX}%`),
        ),
      )
      .limit(1);
    if (existing !== undefined) return null;
    const [row] = await db
      .insert(alerts)
      .values({ ...values, status: "open", createdAt: clock() })
      .returning();
    if (row === undefined) throw new Error("alert not saved");
    await delivery.deliver(rule, row);
    return row;
  }

  /**
   * Resolves a rule's active alerts (not test ones) once its metric is back on the good side, and tells the
   * open screens over the "alerts" topic; no e-mail or webhook goes out for it.
   */
  async function settle(ruleId: string, userId: string | null, value: number): Promise<number> {
    const rows = await db
      .update(alerts)
      .set({ status: "resolved", resolvedAt: clock(), value })
      .where(
        and(
          eq(alerts.ruleId, ruleId),
          userId === null ? isNull(alerts.userId) : eq(alerts.userId, userId),
          inArray(alerts.status, ACTIVE),
          notLike(alerts.message, `${TEST_ALERT_PREFIX}%`),
        ),
      )
      .returning();
    for (const row of rows) delivery.publish(row);
    return rows.length;
  }

  /** Open rebalance alerts whose user's harmony is back at or above the threshold. */
  async function settleRebalance(): Promise<number> {
    const open = await db
      .selectDistinct({ userId: alerts.userId })
      .from(alerts)
      .where(
        and(
          eq(alerts.ruleId, BUILT_IN_RULE_IDS.rebalance),
          inArray(alerts.status, ACTIVE),
          notLike(alerts.message, `${TEST_ALERT_PREFIX}%`),
        ),
      );
    const [rule] = await db
      .select({ threshold: alertRules.threshold })
      .from(alertRules)
      .where(eq(alertRules.id, BUILT_IN_RULE_IDS.rebalance));
    if (rule === undefined) return 0;
    let resolved = 0;
    for (const { userId } of open) {
      if (userId === null) continue;
      const { harmony } = await deps.consciousness(userId);
      if (!compare("lt", harmony, rule.threshold)) {
        resolved += await settle(BUILT_IN_RULE_IDS.rebalance, userId, harmony);
      }
    }
    return resolved;
  }

  async function measure(rule: AlertRuleRow, userId: string): Promise<number> {
    const since = new Date(clock().getTime() - rule.windowSeconds * 1000);
    if (rule.metric.startsWith("signals.")) {
      const [row] = await db
        .select({ value: count() })
        .from(signals)
        .where(
          and(
            eq(signals.userId, userId),
            eq(signals.kind, rule.metric.slice("signals.".length)),
            gte(signals.createdAt, since),
          ),
        );
      return row?.value ?? 0;
    }
    if (rule.metric === "runs.failed") {
      const [row] = await db
        .select({ value: count() })
        .from(runs)
        .where(and(eq(runs.userId, userId), eq(runs.status, "failed"), gte(runs.createdAt, since)));
      return row?.value ?? 0;
    }
    if (rule.metric === "tokens.used") {
      const [row] = await db
        .select({
          value: sql<number>`coalesce(sum(${runs.promptTokens} + ${runs.completionTokens}), 0)::int`,
        })
        .from(runs)
        .where(and(eq(runs.userId, userId), gte(runs.createdAt, since)));
      return row?.value ?? 0;
    }
    const values = await deps.consciousness(userId);
    if (rule.metric === "consciousness.awareness") return values.awareness;
    if (rule.metric === "consciousness.integration") return values.integration;
    return values.harmony;
  }

  function activeRulesWhere(now: Date) {
    return and(
      eq(alertRules.enabled, true),
      or(isNull(alertRules.silencedUntil), lte(alertRules.silencedUntil, now)),
    );
  }

  return {
    /** Harmony below 0.3: the rebalance alert with a suggested action, once while it is open. */
    async raiseRebalance(userId: string, harmony: number): Promise<AlertRow | null> {
      await ensureBuiltIns();
      const [rule] = await db
        .select()
        .from(alertRules)
        .where(eq(alertRules.id, BUILT_IN_RULE_IDS.rebalance));
      if (rule === undefined || !rule.enabled) return null;
      return openOnce(rule, {
        ruleId: rule.id,
        userId,
        rule: "rebalance",
        severity: rule.severity,
        value: harmony,
        message: `Harmony is ${harmony}, below ${rule.threshold}: the workspace needs rebalancing`,
        suggestedAction: REBALANCE_SUGGESTED_ACTION,
      });
    },

    /** The evaluator (every 30 s): system rules over every instance's samples, then every active user rule. */
    async evaluate(): Promise<{ opened: number; resolved: number }> {
      await ensureBuiltIns();
      const now = clock();
      const rules = await db.select().from(alertRules).where(activeRulesWhere(now));
      let opened = 0;
      let resolved = 0;
      for (const rule of rules) {
        try {
          const op = asOp(rule.op);
          if (rule.userId === null) {
            if (!SYSTEM_RULE_IDS.includes(rule.id)) continue;
            const values = await deps.systemValues(rule.metric, rule.windowSeconds * 1000);
            const byInstance = new Map<string, number[]>();
            for (const { instance, value } of values) {
              byInstance.set(instance, [...(byInstance.get(instance) ?? []), value]);
            }
            const firing = [...byInstance].find(([, list]) =>
              holdsOverWindow(op, rule.threshold, list),
            );
            if (firing === undefined) {
              // Symmetric with firing: a whole window back under the threshold, on every instance, resolves it.
              const calm =
                values.length > 0 && values.every((v) => !compare(op, v.value, rule.threshold));
              const latest = values.at(-1);
              if (calm && latest !== undefined)
                resolved += await settle(rule.id, null, latest.value);
              continue;
            }
            const [instance, list] = firing;
            const value = op === "gt" || op === "gte" ? Math.max(...list) : Math.min(...list);
            const row = await openOnce(rule, {
              ruleId: rule.id,
              userId: null,
              rule: rule.name,
              severity: rule.severity,
              value,
              message: `${rule.name}: ${value} on ${instance} for ${rule.windowSeconds} s`,
              suggestedAction:
                rule.id === BUILT_IN_RULE_IDS.memory
                  ? "Find the process holding memory, restart the instance or add memory"
                  : "Look for runaway work on the instance, or add capacity",
            });
            if (row !== null) opened += 1;
            continue;
          }
          const value = await measure(rule, rule.userId);
          if (!compare(op, value, rule.threshold)) {
            // Back on the good side: the user's own alert resolves itself, as the built-in ones do.
            resolved += await settle(rule.id, rule.userId, value);
            continue;
          }
          const row = await openOnce(rule, {
            ruleId: rule.id,
            userId: rule.userId,
            rule: rule.name,
            severity: rule.severity,
            value,
            message: `${describeCondition(rule.metric, op, rule.threshold)}: now ${value}${rule.windowSeconds > 0 && !rule.metric.startsWith("consciousness.") ? ` over ${rule.windowSeconds} s` : ""}`,
          });
          if (row !== null) opened += 1;
        } catch (error) {
          log.error({ err: error, ruleId: rule.id }, "alert rule not evaluated");
        }
      }
      try {
        resolved += await settleRebalance();
      } catch (error) {
        log.error({ err: error }, "rebalance alerts not settled");
      }
      return { opened, resolved };
    },

    /** Resolved alerts older than 90 days are dropped with the hourly prune. */
    async prune(): Promise<void> {
      const cutoff = new Date(clock().getTime() - 90 * 86_400_000);
      await db
        .delete(alerts)
        .where(and(eq(alerts.status, "resolved"), lt(alerts.resolvedAt, cutoff)));
    },
  };
}
