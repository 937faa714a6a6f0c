// Webhook delivery of alerts: a JSON POST signed with HMAC-SHA256 (`X-AACOS-Signature: sha256=<hex>`) under a
// per-rule secret derived from the server's signing key, retried 3 times with doubling backoff.
import { createHmac } from "node:crypto";

export const WEBHOOK_RETRIES = 3;
const TIMEOUT_MS = 5_000;

/** The per-rule secret: HMAC(signing key, rule id), so nothing extra is stored and it survives restarts. */
export function webhookSecret(signingKey: Uint8Array, ruleId: string): string {
  return createHmac("sha256", signingKey).update(`alert-webhook:${ruleId}`).digest("base64url");
}

export function signPayload(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export interface WebhookOutcome {
  delivered: boolean;
  attempts: number;
  lastStatus: number | null;
}

/** POSTs the body; a non-2xx answer or a network error is retried after backoffMs, 2×, 4×. */
export async function deliverWebhook(options: {
  url: string;
  secret: string;
  payload: unknown;
  backoffMs: number;
  fetch?: typeof fetch;
}): Promise<WebhookOutcome> {
  const send = options.fetch ?? fetch;
  const body = JSON.stringify(options.payload);
  const signature = signPayload(options.secret, body);
  let lastStatus: number | null = null;
  for (let attempt = 1; attempt <= WEBHOOK_RETRIES + 1; attempt += 1) {
    try {
      const response = await send(options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "AACOS-Alerts/1.0",
          "x-aacos-signature": signature,
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      lastStatus = response.status;
      await response.body?.cancel();
      if (response.ok) return { delivered: true, attempts: attempt, lastStatus };
    } catch {
      lastStatus = null;
    }
    if (attempt <= WEBHOOK_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, options.backoffMs * 2 ** (attempt - 1)));
    }
  }
  return { delivered: false, attempts: WEBHOOK_RETRIES + 1, lastStatus };
}
