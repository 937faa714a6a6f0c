// Alerts: built-in rules (memory, CPU, rebalance) and user rules; the evaluator that opens an alert when a rule's
// condition holds over its window; acknowledge, resolve, silence, test-fire; delivery in-app, by e-mail and webhook.
// Assembled here from its parts: rules (rules.ts), the evaluator (evaluator.ts), delivery (delivery.ts); the list
// and an alert's acknowledge / resolve live here.

import { BUILT_IN_RULES } from "@aacos/domain/monitoring";
import type { AlertListQuery } from "@aacos/domain/validation";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { alertRules, alerts } from "../../db/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import { createAlertDelivery } from "./delivery.js";
import { createAlertEvaluator } from "./evaluator.js";
import { createRuleActions } from "./rules.js";
import { ACTIVE, type AlertCaller, type AlertDeps, alertView, isOperator } from "./views.js";

export {
  type AlertCaller,
  type AlertDeps,
  type AlertRow,
  type AlertRuleRow,
  type AlertSignal,
  type AlertView,
  alertView,
  isTestAlert,
  MAX_RULES_PER_USER,
  ruleView,
} from "./views.js";

export function createAlertService(deps: AlertDeps) {
  const { db, clock } = deps;
  let builtInsReady: Promise<void> | null = null;

  /** Inserts the built-in rule rows once per process; fixed ids make every instance insert the same rows. */
  function ensureBuiltIns(): Promise<void> {
    builtInsReady ??= db
      .insert(alertRules)
      .values(
        BUILT_IN_RULES.map((rule) => ({
          id: rule.id,
          userId: null,
          name: rule.name,
          metric: rule.metric,
          op: rule.op,
          threshold: rule.threshold,
          windowSeconds: rule.windowSeconds,
          severity: rule.severity,
          channels: ["in-app"],
        })),
      )
      .onConflictDoNothing()
      .then(() => undefined)
      .catch((error: unknown) => {
        builtInsReady = null;
        throw error;
      });
    return builtInsReady;
  }

  async function visibleAlert(caller: AlertCaller, id: string) {
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, id));
    if (alert === undefined) throw notFound("alert", "Alert not found");
    if (alert.userId === caller.userId || (alert.userId === null && isOperator(caller)))
      return alert;
    throw notFound("alert", "Alert not found");
  }

  const delivery = createAlertDelivery(deps);
  return {
    idle: delivery.idle,
    async list(caller: AlertCaller, query: AlertListQuery) {
      const rows = await db
        .select()
        .from(alerts)
        .where(
          and(
            isOperator(caller)
              ? or(eq(alerts.userId, caller.userId), isNull(alerts.userId))
              : eq(alerts.userId, caller.userId),
            query.status === undefined ? undefined : eq(alerts.status, query.status),
          ),
        )
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(query.limit);
      return { items: rows.map(alertView) };
    },

    async acknowledge(caller: AlertCaller, id: string) {
      const alert = await visibleAlert(caller, id);
      if (alert.status !== "open")
        throw conflict(
          { reason: alert.status === "resolved" ? "alert_resolved" : "alert_acknowledged" },
          `The alert is already ${alert.status}`,
        );
      const [row] = await db
        .update(alerts)
        .set({ status: "acknowledged", acknowledgedAt: clock() })
        .where(and(eq(alerts.id, alert.id), eq(alerts.status, "open")))
        .returning();
      if (row === undefined) throw conflict("alert_changed", "The alert changed meanwhile");
      return { alert: alertView(row) };
    },

    async resolve(caller: AlertCaller, id: string) {
      const alert = await visibleAlert(caller, id);
      if (alert.status === "resolved")
        throw conflict("alert_resolved", "The alert is already resolved");
      const [row] = await db
        .update(alerts)
        .set({ status: "resolved", resolvedAt: clock() })
        .where(and(eq(alerts.id, alert.id), inArray(alerts.status, ACTIVE)))
        .returning();
      if (row === undefined) throw conflict("alert_changed", "The alert changed meanwhile");
      return { alert: alertView(row) };
    },

    ...createRuleActions(deps, delivery, ensureBuiltIns),
    ...createAlertEvaluator(deps, delivery, ensureBuiltIns),
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
