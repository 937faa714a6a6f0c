// The alerts feature's shapes and small rules: rows, callers, what the service needs, and the views it answers with.

import {
  type AlertOp,
  type AlertSeverity,
  BUILT_IN_RULES,
  TEST_ALERT_PREFIX,
} from "@aacos/domain/monitoring";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { alertRules, alerts } from "../../db/schema.js";
import type { Mailer } from "../mail/index.js";
import type { WebhookPost } from "./webhook.js";
import type { ResolveHost } from "./webhook-target.js";

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
export const ACTIVE = ["open", "acknowledged"];

export const SYSTEM_RULE_IDS: string[] = BUILT_IN_RULES.filter(
  (rule) => rule.scope === "system",
).map((rule) => rule.id);

export function isOperator(caller: AlertCaller): boolean {
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

export const asOp = (op: string): AlertOp =>
  op === "gte" || op === "lt" || op === "lte" ? op : "gt";
export const asSeverity = (severity: string): AlertSeverity =>
  severity === "critical" || severity === "info" ? severity : "warning";

/** What the alert service needs from the rest of the server. */
export interface AlertDeps {
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
}
