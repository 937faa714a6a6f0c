// Webhook delivery of alerts: a JSON POST signed with HMAC-SHA256 (`X-AACOS-Signature: sha256=<hex>`) under a
// per-rule secret derived from the server's signing key, retried 3 times with doubling backoff.
import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";

export const WEBHOOK_RETRIES = 3;
const TIMEOUT_MS = 5_000;

/** Sends one POST and answers its status; the default connects only to the address given (pinned). */
export type WebhookPost = (request: {
  url: URL;
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}) => Promise<number>;

/**
 * POST over node:http(s) whose name lookup answers the already checked address, whatever DNS says now: the URL's
 * host name still goes into the Host header, SNI and the certificate check.
 */
export const postPinned: WebhookPost = ({ url, address, family, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all === true) {
        (callback as (error: null, addresses: { address: string; family: number }[]) => void)(
          null,
          [{ address, family }],
        );
      } else callback(null, address, family);
    };
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: pinned,
      // A fresh connection each time: a pooled one is keyed by host name and may lead to an address checked before.
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
    });
    outgoing.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });

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

/**
 * POSTs the body to the target's checked address; a non-2xx answer or a network error is retried after backoffMs,
 * 2×, 4×. Redirects are not followed (a 3xx is a failure), so the pinned address is the only one ever called.
 */
export async function deliverWebhook(options: {
  target: { url: URL; address: string; family: 4 | 6 };
  secret: string;
  payload: unknown;
  backoffMs: number;
  timeoutMs?: number;
  post?: WebhookPost;
}): Promise<WebhookOutcome> {
  const post = options.post ?? postPinned;
  const body = JSON.stringify(options.payload);
  const signature = signPayload(options.secret, body);
  let lastStatus: number | null = null;
  for (let attempt = 1; attempt <= WEBHOOK_RETRIES + 1; attempt += 1) {
    try {
      lastStatus = await post({
        ...options.target,
        headers: {
          "content-type": "application/json",
          "user-agent": "AACOS-Alerts/1.0",
          "x-aacos-signature": signature,
        },
        body,
        timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      });
      if (lastStatus >= 200 && lastStatus < 300) {
        return { delivered: true, attempts: attempt, lastStatus };
      }
    } catch {
      lastStatus = null;
    }
    if (attempt <= WEBHOOK_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, options.backoffMs * 2 ** (attempt - 1)));
    }
  }
  return { delivered: false, attempts: WEBHOOK_RETRIES + 1, lastStatus };
}
