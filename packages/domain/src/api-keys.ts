// Personal API keys (docs/decisions/161-personal-api-keys.md) and what a plan's "API calls" are
// (docs/decisions/160-what-a-plans-api-calls-count.md): the schemas of /api/me/api-keys, the scopes and which
// routes each allows, the routes a key never reaches, and the metered actions. Routes are Fastify route patterns
// ("/api/aacos/entities/:id/runs"), the matched route, never the raw URL.

import { z } from "zod";
import { fieldIssue } from "./field-errors.js";
import { listOf } from "./replies/common.js";
import { MESSAGES } from "./validation/messages.js";
import { Uuid } from "./validation/rules.js";

/** read: GET calls; write: every other call except the AI ones; ai: chat messages, commands and entity runs. */
export const API_KEY_SCOPES = ["read", "write", "ai"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so secret scanners and people recognise one. */
export const API_KEY_PREFIX = "aacos_";
/** A key's shape: the prefix and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^aacos_[A-Za-z0-9_-]{43}$/;
export const API_KEY_NAME_MAX = 100;
/** How many live keys a user may hold at once. */
export const MAX_API_KEYS = 20;

export const API_KEY_MESSAGES = {
  expiryInPast: "The expiry must be in the future",
  tooMany: `At most ${MAX_API_KEYS} API keys per account`,
  refusedRoute: "API keys cannot be used for account and session settings; sign in instead",
  missingScope: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope`,
  invalid: "API key is not valid",
  revoked: "API key has been revoked",
  expired: "API key has expired",
} as const;

/** Error codes of key refusals, for the browser's translations and scripts. */
export const API_KEY_CODES = {
  refusedRoute: "api_key_not_allowed",
  missingScope: "api_key_scope",
  invalid: "invalid_api_key",
  revoked: "api_key_revoked",
  expired: "api_key_expired",
} as const;

/** POST /api/me/api-keys. */
export const CreateApiKeyBody = z.object({
  name: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(API_KEY_NAME_MAX, MESSAGES.maxLength(API_KEY_NAME_MAX)),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: MESSAGES.invalidFormat }), { error: MESSAGES.required })
    .min(1, MESSAGES.minLength(1))
    .max(API_KEY_SCOPES.length, MESSAGES.maxLength(API_KEY_SCOPES.length))
    .refine(
      (scopes) => new Set(scopes).size === scopes.length,
      fieldIssue(MESSAGES.invalidFormat, "invalid_format"),
    ),
  expiresAt: z.iso.datetime({ offset: true, error: MESSAGES.invalidFormat }).nullable().optional(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** 201 of POST /api/me/api-keys: the only time the key itself is shown. */
export const CreatedApiKey = z.object({ id: z.string(), key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/** One key in GET /api/me/api-keys (revoked keys are not listed). */
export const ApiKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The first characters of the key ("aacos_AbCd"), to tell keys apart. */
  prefix: z.string(),
  last4: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof ApiKeyItem>;

export const ApiKeyList = listOf(ApiKeyItem);
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** DELETE /api/me/api-keys/:id. */
export const ApiKeyParams = z.object({ id: Uuid });

/** How `lastUsedAt` is kept: written at most once per this many milliseconds per key. */
export const API_KEY_LAST_USED_GRANULARITY_MS = 60_000;

/** A route rule: method ("*" any) and route pattern (a trailing "*" matches every route under it). */
type RouteRule = readonly [method: string, route: string];

function matches([method, route]: RouteRule, requestMethod: string, matched: string): boolean {
  if (method !== "*" && method !== requestMethod) return false;
  return route.endsWith("*") ? matched.startsWith(route.slice(0, -1)) : matched === route;
}

/**
 * Account and session routes: a key is refused here (403 api_key_not_allowed) whatever its scopes, so a leaked key
 * can never change how its owner signs in, mint more keys, take the account's data or delete it.
 */
export const API_KEY_REFUSED_ROUTES: readonly RouteRule[] = [
  // Sign-in plumbing, password, profile, sessions, two-factor, passkeys, OAuth links (GET me/permissions excepted).
  ["*", "/api/auth/*"],
  ["*", "/api/me/api-keys*"],
  ["DELETE", "/api/me"],
  ["GET", "/api/me/export"],
  ["*", "/api/setup"],
  // Plan changes go through billing.
  ["POST", "/api/plan/*"],
  // Who may sign in, and with which roles.
  ["PUT", "/api/users/:id"],
  ["DELETE", "/api/users/:id"],
  ["POST", "/api/users/:id/suspend"],
  ["POST", "/api/users/:id/reactivate"],
  ["POST", "/api/users/:id/sign-out-everywhere"],
];

/** Read-only identity calls a script may make to check its key. */
const API_KEY_ALLOWED_AUTH_ROUTES: readonly RouteRule[] = [
  ["GET", "/api/auth/me"],
  ["GET", "/api/auth/permissions"],
];

/**
 * Metered actions: count against the plan's minute/hour/day/concurrent limits from any client, the web app
 * included. `ai` actions need the key scope `ai`. Each item of a batch (POST /api/batch) counts too.
 */
export const METERED_ACTIONS: readonly (readonly [
  method: string,
  route: string,
  kind: "ai" | "write",
])[] = [
  ["POST", "/api/chat/conversations/:id/messages", "ai"],
  ["POST", "/api/commands", "ai"],
  ["POST", "/api/aacos/entities/:id/runs", "ai"],
  ["POST", "/api/aacos/runs", "ai"],
  ["POST", "/api/autonomous/rules/:id/run", "ai"],
  ["POST", "/api/aacos/universe/sync", "write"],
  ["POST", "/api/upload", "write"],
  ["POST", "/api/aacos/entities/:id/knowledge", "write"],
];

/** POSTs that only read or hand out a read channel: any key may make them (a batch's items are checked one by one). */
const READ_POSTS: readonly RouteRule[] = [
  ["POST", "/api/batch"],
  ["POST", "/api/realtime/ticket"],
];

export function isMeteredAction(method: string, route: string): boolean {
  return METERED_ACTIONS.some(([m, r]) => m === method && r === route);
}

/** What a key needs to call the matched route: a scope, or "refused" on account and session routes. */
export function requiredScope(method: string, route: string): ApiKeyScope | "refused" {
  const upper = method.toUpperCase();
  const allowedAuth = API_KEY_ALLOWED_AUTH_ROUTES.some((rule) => matches(rule, upper, route));
  if (!allowedAuth && API_KEY_REFUSED_ROUTES.some((rule) => matches(rule, upper, route))) {
    return "refused";
  }
  const action = METERED_ACTIONS.find(([m, r]) => m === upper && r === route);
  if (action?.[2] === "ai") return "ai";
  if (upper === "GET" || upper === "HEAD" || upper === "OPTIONS") return "read";
  if (READ_POSTS.some((rule) => matches(rule, upper, route))) return "read";
  return "write";
}
