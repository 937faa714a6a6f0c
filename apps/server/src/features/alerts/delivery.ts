// Delivery of an alert: the realtime topic and the signal hub at once, then e-mail and the signed webhook in the
// background, tracked so tests and shutdown can wait for them.

import type { AlertChannel } from "@aacos/domain/monitoring";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.js";
import {
  type AlertDeps,
  type AlertRow,
  type AlertRuleRow,
  alertView,
  asSeverity,
} from "./views.js";
import { deliverWebhook, webhookSecret } from "./webhook.js";
import { PRIVATE_WEBHOOK_MESSAGE, resolveWebhookTarget } from "./webhook-target.js";

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;

export function createAlertDelivery(deps: AlertDeps) {
  const { db, log } = deps;
  const pending = new Set<Promise<unknown>>();

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

  /** Tells the open screens over the "alerts" topic that an alert changed (no e-mail or webhook). */
  function publish(row: AlertRow) {
    if (deps.publishAlert !== undefined) {
      track(
        Promise.resolve(deps.publishAlert(row.userId, { type: "alert", alert: alertView(row) })),
      );
    }
  }

  return {
    deliver,
    publish,
    /** Settles once every background delivery has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
