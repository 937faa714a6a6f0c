// Alert rules: the built-in ones and a user's own (at most MAX_RULES_PER_USER), created, edited, silenced, deleted
// and test-fired; a webhook rule's target is checked against internal networks.

import { fieldFailure } from "@aacos/domain/errors";
import { describeCondition, TEST_ALERT_PREFIX } from "@aacos/domain/monitoring";
import type { AlertRuleBody, AlertRuleUpdateBody } from "@aacos/domain/validation";
import { MESSAGES } from "@aacos/domain/validation";
import { count, eq, isNull, or } from "drizzle-orm";
import { alertRules, alerts } from "../../db/schema.js";
import { AppError, conflict, notFound } from "../../platform/errors.js";
import type { AlertDelivery } from "./delivery.js";
import {
  type AlertCaller,
  type AlertDeps,
  alertView,
  asOp,
  isOperator,
  MAX_RULES_PER_USER,
  ruleView,
  SYSTEM_RULE_IDS,
} from "./views.js";
import { webhookSecret } from "./webhook.js";
import {
  PRIVATE_WEBHOOK_MESSAGE,
  resolveWithDns,
  targetsInternalNetwork,
} from "./webhook-target.js";

export function createRuleActions(
  deps: AlertDeps,
  delivery: AlertDelivery,
  ensureBuiltIns: () => Promise<void>,
) {
  const { db, clock } = deps;

  /** 400 on the webhookUrl field when it points into an internal network (and that is not allowed). */
  async function checkWebhookTarget(url: string | null | undefined) {
    if (url === null || url === undefined || deps.allowPrivateWebhooks === true) return;
    if (await targetsInternalNetwork(url, deps.resolveHost ?? resolveWithDns)) {
      throw new AppError("validation_failed", 400, "Validation failed", {
        fields: { webhookUrl: fieldFailure(PRIVATE_WEBHOOK_MESSAGE, "private_webhook") },
      });
    }
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

  return {
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
          fields: { webhookUrl: fieldFailure(MESSAGES.required, "required") },
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
      await delivery.deliver(rule, row);
      return { alert: alertView(row) };
    },
  };
}
