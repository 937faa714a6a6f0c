// The zod-free half of error and security reports: caps, the secret scrubber and the grouping key. The browser's
// error reporter loads these at start without pulling in zod (docs/decisions/171-first-paint.md).
import type { ErrorReport } from "./reports.js";

/** docs/product.md §7 and §9 plus the caps of docs/decisions/040-error-reports.md. */
export const ERROR_REPORT_LIMITS = {
  /** Batches are flushed at 10 queued. */
  reportsPerBatch: 10,
  messageLength: 2000,
  stackLength: 20_000,
  /** 50 breadcrumbs kept. */
  breadcrumbs: 50,
  /** The whole request body. */
  bodyBytes: 256 * 1024,
} as const;

/** docs/product.md §9: more than 50 requests in the 30 s window is suspicious; the check runs every 30 s. */
export const SUSPICIOUS_ACTIVITY = {
  threshold: 50,
  windowSeconds: 30,
  checkEverySeconds: 30,
  /** docs/product.md §7: the browser sends an incident after more than 5 repeats of one activity. */
  incidentAfterRepeats: 5,
} as const;

export const REDACTED = "[REDACTED]";

/** Keys whose values are secrets wherever they appear (compared lower-case, without - and _). */
const SECRET_KEY_PARTS = [
  "password",
  "passwd",
  "secret",
  "token",
  "authorization",
  "cookie",
  "apikey",
  "credential",
  "privatekey",
  "signature",
];
const SECRET_KEYS = new Set(["code", "pwd", "pass", "otp", "authcode", "mfacode", "sessionid"]);

export function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[-_\s]/g, "");
  return SECRET_KEYS.has(name) || SECRET_KEY_PARTS.some((part) => name.includes(part));
}

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const SECRET_PARAM =
  /([?&#;\s]|^)((?:access_|refresh_|id_)?token|code|password|secret|api_?key|state)=([^&#\s"']*)/gi;

/** Bearer tokens, JWT-looking strings and secret query parameters in free text become [REDACTED]. */
export function scrubText(value: string): string {
  return value
    .replace(BEARER, (_, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SECRET_PARAM, (_, before: string, name: string) => `${before}${name}=${REDACTED}`);
}

const MAX_DEPTH = 8;

/** A copy with secret-named keys replaced by [REDACTED] at any depth and secrets in strings scrubbed. */
export function scrubSecrets<T>(value: T): T {
  return scrub(value, 0) as T;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[TRUNCATED]";
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSecretKey(key) ? REDACTED : scrub(item, depth + 1);
  }
  return copy;
}

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const HEX_ID = /\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi;
const NUMBER = /\d+(\.\d+)?/g;

/** The message with what varies between occurrences (ids, hex ids, numbers) replaced by placeholders. */
export function normaliseMessage(message: string): string {
  return scrubText(message)
    .replace(UUID_TEXT, "<id>")
    .replace(HEX_ID, "<hex>")
    .replace(NUMBER, "<n>")
    .trim();
}

/** The first line of a stack that names a frame (V8 "at …" or Firefox/Safari "fn@url:line:col"), query strings dropped. */
export function topStackFrame(stack: string | undefined): string {
  if (stack === undefined) return "";
  for (const line of stack.split("\n")) {
    const frame = line.trim();
    if (/^at\s/.test(frame) || /@.+:\d+/.test(frame)) return frame.replace(/\?[^:)\s]*/g, "");
  }
  return "";
}

/** What identifies "the same error": type, normalised message and top frame. The server hashes it. */
export function fingerprintSource(report: Pick<ErrorReport, "type" | "message" | "stack">): string {
  return [
    report.type ?? "Error",
    normaliseMessage(report.message),
    topStackFrame(report.stack),
  ].join("\n");
}
