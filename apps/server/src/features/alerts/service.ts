// Alerts: built-in rules (memory, CPU, rebalance) and user rules; the evaluator that opens an alert when a rule's
// condition holds over its window; acknowledge, resolve, silence, test-fire; delivery in-app, by e-mail and webhook.
import {
  type AlertChannel,
  type AlertOp,
  type AlertSeverity,
  BUILT_IN_RULE_IDS,
  BUILT_IN_RULES,
  compare,
  describeCondition,
  holdsOverWindow,
  REBALANCE_SUGGESTED_ACTION,
  TEST_ALERT_PREFIX,
} from "@aacos/domain/monitoring";
import type { AlertListQuery, AlertRuleBody, AlertRuleUpdateBody } from "@aacos/domain/validation";
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, notLike, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { alertRules, alerts, runs, signals, users } from "../../db/schema.js";
import { AppError, conflict, notFound } from "../../platform/errors.js";
import type { Mailer } from "../mail/index.js";
import { deliverWebhook, type WebhookPost, webhookSecret } from "./webhook.js";
import {
  PRIVATE_WEBHOOK_MESSAGE,
  type ResolveHost,
  resolveWebhookTarget,
  resolveWithDns,
  targetsInternalNetwork,
} from "./webhook-target.js";

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;

/** Who is asking: admins and operators also see and handle the system-wide alerts. */
export interface AlertCaller {
  userId: string;
  roles: readonly string[];
}

/** What an alert signal carries (the signals feature's emit). */
export interface AlertSignal {
  kind: "alert";
  source: "alerts";
  severity: AlertSeverity;
  data: Record<string, unknown>;
}

/** A user may keep this many rules. */
export const MAX_RULES_PER_USER = 50;
const ACTIVE = ["open", "acknowledged"];

const SYSTEM_RULE_IDS: string[] = BUILT_IN_RULES.filter((rule) => rule.scope === "system").map(
  (rule) => rule.id,
);

function isOperator(caller: AlertCaller): boolean {
  return caller.roles.includes("admin") || caller.roles.includes("operator");
}

export function isTestAlert(row: Pick<AlertRow, "message">): boolean {
  return row.message.startsWith(TEST_ALERT_PREFIX);
}

export function alertView(row: AlertRow) {
  return {
    id: row.id,
    ruleId: row.ruleId,
    rule: row.rule,
    severity: row.severity,
    status: row.status,
    message: row.message,
    value: row.value,
    suggestedAction: row.suggestedAction,
    test: isTestAlert(row),
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}
export type AlertView = ReturnType<typeof alertView>;

export function ruleView(row: AlertRuleRow) {
  return {
    id: row.id,
    name: row.name,
    metric: row.metric,
    op: row.op,
    threshold: row.threshold,
    windowSeconds: row.windowSeconds,
    severity: row.severity,
    channels: row.channels,
    webhookUrl: row.webhookUrl,
    silencedUntil: row.silencedUntil?.toISOString() ?? null,
    enabled: row.enabled,
    builtIn: row.userId === null,
    createdAt: row.createdAt.toISOString(),
  };
}

const asOp = (op: string): AlertOp => (op === "gte" || op === "lt" || op === "lte" ? op : "gt");
const asSeverity = (severity: string): AlertSeverity =>
  severity === "critical" || severity === "info" ? severity : "warning";

export function createAlertService(deps: {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  mailer: Pick<Mailer, "queue">;
  /** The server's signing key; webhook secrets are derived from it per rule. */
  signingKey: Uint8Array;
  /** A user's consciousness values (rules over consciousness.*). */
  consciousness: (
    userId: string,
  ) => Promise<{ awareness: number; integration: number; harmony: number }>;
  /** The values of a system metric in a window, per instance (from metric_samples). */
  systemValues: (
    metric: string,
    windowMs: number,
  ) => Promise<{ instance: string; value: number }[]>;
  /** SEAM (signals): `app.services.signals.notify` once app.ts has it; without it alerts stay in-app rows only. */
  emitSignal?: (userId: string | null, signal: AlertSignal) => Promise<unknown> | unknown;
  /** SEAM (realtime bus): publishes `{type: "alert", alert}` on the "alerts" topic once app.ts has a bus. */
  publishAlert?: (userId: string | null, message: { type: "alert"; alert: AlertView }) => unknown;
  /** First webhook retry wait; doubles each time (tests shorten it). */
  webhookBackoffMs?: number;
  /** Sends one webhook POST (tests); by default node:http(s) pinned to the checked address. */
  post?: WebhookPost;
  /** Resolves webhook host names (tests); by default the system resolver. */
  resolveHost?: ResolveHost;
  /** How long one webhook attempt may take (5 s by default). */
  webhookTimeoutMs?: number;
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: webhooks may call private, loopback and link-local addresses (tests, intranets). */
  allowPrivateWebhooks?: boolean;
}) {
  const { db, clock, log } = deps;
  const pending = new Set<Promise<unknown>>();
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

  /** 400 on the webhookUrl field when it points into an internal network (and that is not allowed). */
  async function checkWebhookTarget(url: string | null | undefined) {
    if (url === null || url === undefined || deps.allowPrivateWebhooks === true) return;
    if (await targetsInternalNetwork(url, deps.resolveHost ?? resolveWithDns)) {
      throw new AppError("validation_failed", 400, "Validation failed", {
        fields: { webhookUrl: PRIVATE_WEBHOOK_MESSAGE },
      });
    }
  }

  function track(work: Promise<unknown>) {
    const settled = work.catch((error: unknown) =>
      log.warn({ err: error }, "alert delivery failed"),
    );
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  }

  async function deliver(rule: AlertRuleRow | null, alert: AlertRow) {
    const view = alertView(alert);
    const channels = (rule?.channels ?? ["in-app"]) as AlertChannel[];
    if (deps.publishAlert !== undefined) {
      track(Promise.resolve(deps.publishAlert(alert.userId, { type: "alert", alert: view })));
    }
    if (deps.emitSignal !== undefined) {
      track(
        Promise.resolve(
          deps.emitSignal(alert.userId, {
            kind: "alert",
            source: "alerts",
            severity: asSeverity(alert.severity),
            data: view,
          }),
        ),
      );
    }
    if (channels.includes("email") && alert.userId !== null) {
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, alert.userId));
      if (user !== undefined) {
        track(
          deps.mailer.queue({
            to: user.email,
            subject: `[AACOS ${alert.severity}] ${alert.rule}`,
            text: [
              alert.message,
              alert.suggestedAction ? `Suggested action: ${alert.suggestedAction}` : "",
              `Raised at ${view.createdAt}.`,
            ]
              .filter((line) => line !== "")
              .join("\n\n"),
          }),
        );
      }
    }
    if (channels.includes("webhook") && rule !== null && rule.webhookUrl !== null) {
      const url = rule.webhookUrl;
      track(
        // Resolved and checked at delivery (a name may have been pointed at an internal address since), once:
        // the connection goes to the address checked here, never to a second answer of DNS.
        resolveWebhookTarget(url, {
          resolve: deps.resolveHost,
          allowInternal: deps.allowPrivateWebhooks === true,
        }).then(async (target) => {
          if (!target.ok) {
            log.warn(
              { ruleId: rule.id, alertId: alert.id, reason: target.reason },
              target.reason === "internal" ? PRIVATE_WEBHOOK_MESSAGE : "alert webhook not resolved",
            );
            return { delivered: false, attempts: 0, lastStatus: null };
          }
          return deliverWebhook({
            target,
            secret: webhookSecret(deps.signingKey, rule.id),
            payload: { ...view, ruleId: rule.id },
            backoffMs: deps.webhookBackoffMs ?? 1_000,
            timeoutMs: deps.webhookTimeoutMs,
            post: deps.post,
          }).then((outcome) => {
            if (!outcome.delivered) {
              log.warn(
                { ruleId: rule.id, alertId: alert.id, ...outcome },
                "alert webhook not delivered",
              );
            }
            return outcome;
          });
        }),
      );
    }
  }

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
    await deliver(rule, row);
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
    for (const row of rows) {
      if (deps.publishAlert !== undefined) {
        track(
          Promise.resolve(deps.publishAlert(row.userId, { type: "alert", alert: alertView(row) })),
        );
      }
    }
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

  async function ownRule(caller: AlertCaller, id: string, allowSystem = false) {
    const [rule] = await db.select().from(alertRules).where(eq(alertRules.id, id));
    if (rule === undefined) throw notFound("alert_rule", "Alert rule not found");
    if (rule.userId === caller.userId) return rule;
    if (
      allowSystem &&
      rule.userId === null &&
      SYSTEM_RULE_IDS.includes(rule.id) &&
      isOperator(caller)
    ) {
      return rule;
    }
    throw notFound("alert_rule", "Alert rule not found");
  }

  async function visibleAlert(caller: AlertCaller, id: string) {
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, id));
    if (alert === undefined) throw notFound("alert", "Alert not found");
    if (alert.userId === caller.userId || (alert.userId === null && isOperator(caller)))
      return alert;
    throw notFound("alert", "Alert not found");
  }

  return {
    /** Settles once every background delivery has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

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

    async rules(caller: AlertCaller) {
      await ensureBuiltIns();
      const rows = await db
        .select()
        .from(alertRules)
        .where(or(eq(alertRules.userId, caller.userId), isNull(alertRules.userId)))
        .orderBy(alertRules.createdAt, alertRules.name);
      const visible = rows.filter(
        (row) => row.userId !== null || !SYSTEM_RULE_IDS.includes(row.id) || isOperator(caller),
      );
      return { items: visible.map(ruleView) };
    },

    /** Creates a rule; a webhook rule's signing secret is in the answer this once. */
    async createRule(caller: AlertCaller, body: AlertRuleBody) {
      const [owned] = await db
        .select({ value: count() })
        .from(alertRules)
        .where(eq(alertRules.userId, caller.userId));
      if ((owned?.value ?? 0) >= MAX_RULES_PER_USER) {
        throw conflict(
          { reason: "alert_rule_limit", max: MAX_RULES_PER_USER },
          `You can keep at most ${MAX_RULES_PER_USER} alert rules`,
        );
      }
      const channels = body.channels ?? ["in-app"];
      if (channels.includes("webhook")) await checkWebhookTarget(body.webhookUrl);
      const [row] = await db
        .insert(alertRules)
        .values({
          userId: caller.userId,
          name: body.name ?? describeCondition(body.metric, body.op, body.threshold),
          metric: body.metric,
          op: body.op,
          threshold: body.threshold,
          windowSeconds: body.windowSeconds,
          severity: body.severity,
          channels,
          webhookUrl: channels.includes("webhook") ? (body.webhookUrl ?? null) : null,
          createdAt: clock(),
        })
        .returning();
      if (row === undefined) throw new Error("rule not saved");
      return {
        rule: ruleView(row),
        ...(channels.includes("webhook")
          ? { webhookSecret: webhookSecret(deps.signingKey, row.id) }
          : {}),
      };
    },

    async updateRule(caller: AlertCaller, id: string, body: AlertRuleUpdateBody) {
      const rule = await ownRule(caller, id);
      const channels = body.channels ?? rule.channels;
      const webhookUrl = body.webhookUrl === undefined ? rule.webhookUrl : body.webhookUrl;
      if (channels.includes("webhook") && webhookUrl === null) {
        throw new AppError("validation_failed", 400, "Validation failed", {
          fields: { webhookUrl: "Field is required" },
        });
      }
      if (channels.includes("webhook") && body.webhookUrl !== undefined) {
        await checkWebhookTarget(webhookUrl);
      }
      const [row] = await db
        .update(alertRules)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.metric !== undefined ? { metric: body.metric } : {}),
          ...(body.op !== undefined ? { op: body.op } : {}),
          ...(body.threshold !== undefined ? { threshold: body.threshold } : {}),
          ...(body.windowSeconds !== undefined ? { windowSeconds: body.windowSeconds } : {}),
          ...(body.severity !== undefined ? { severity: body.severity } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
          channels,
          webhookUrl: channels.includes("webhook") ? webhookUrl : null,
        })
        .where(eq(alertRules.id, rule.id))
        .returning();
      if (row === undefined) throw notFound("alert_rule", "Alert rule not found");
      return { rule: ruleView(row) };
    },

    async deleteRule(caller: AlertCaller, id: string): Promise<void> {
      const rule = await ownRule(caller, id);
      await db.delete(alertRules).where(eq(alertRules.id, rule.id));
    },

    /** Silences a rule for some minutes (own rules; admins and operators also the system rules). */
    async silenceRule(caller: AlertCaller, id: string, minutes: number) {
      const rule = await ownRule(caller, id, true);
      const [row] = await db
        .update(alertRules)
        .set({ silencedUntil: new Date(clock().getTime() + minutes * 60_000) })
        .where(eq(alertRules.id, rule.id))
        .returning();
      if (row === undefined) throw notFound("alert_rule", "Alert rule not found");
      return { rule: ruleView(row) };
    },

    /** Test-fire: an alert marked test, delivered through the rule's channels. */
    async testRule(caller: AlertCaller, id: string) {
      const rule = await ownRule(caller, id);
      const [row] = await db
        .insert(alerts)
        .values({
          ruleId: rule.id,
          userId: caller.userId,
          rule: rule.name,
          severity: rule.severity,
          status: "open",
          value: null,
          message: `${TEST_ALERT_PREFIX}Test of "${rule.name}" (${describeCondition(rule.metric, asOp(rule.op), rule.threshold)})`,
          suggestedAction: "This is a test alert; resolve it once you have seen it arrive",
          createdAt: clock(),
        })
        .returning();
      if (row === undefined) throw new Error("alert not saved");
      await deliver(rule, row);
      return { alert: alertView(row) };
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

export type AlertService = ReturnType<typeof createAlertService>;
