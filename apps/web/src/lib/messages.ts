// Shows errors in the interface language: a server error by its code and params (packages/domain/src/errors.ts,
// locales/*/errors.json), never by its English message; field messages and the web's own texts by their key.
import { FEATURE_LABELS, SUBSCRIPTION_TIERS, WORLDS } from "@aacos/domain/catalog";
import {
  discriminatorOf,
  type ErrorCode,
  type FieldError,
  isKnownDetail,
  isRunErrorCode,
} from "@aacos/domain/errors";
import type { TFunction } from "i18next";
import type he from "../locales/he.json";
import { type DefaultError, isApiError, OFFLINE_CODE } from "./api-client";
import { currentLanguage } from "./i18n";

export type MessageKey = keyof (typeof he)["messages"];

/** The locale key of each of the web's own default texts (a call that got no reply, or a reply that was not ours). */
const DEFAULT_KEYS = {
  login: "loginFailed",
  register: "registrationFailed",
  profile: "profileUpdateFailed",
  refresh: "tokenRefreshFailed",
  request: "requestFailed",
  network: "networkError",
  timeout: "timeout",
  offline: "offline",
} as const satisfies Record<DefaultError, MessageKey>;

/** The web's own text for a failure outside the union: by the client's code (offline, timeout…), else the call's default. */
function ownFailureKey(code: string, fallback: DefaultError | null): MessageKey {
  if (code === OFFLINE_CODE) return DEFAULT_KEYS.offline;
  if (code === "timeout") return DEFAULT_KEYS.timeout;
  if (fallback !== null) return DEFAULT_KEYS[fallback];
  if (code === "network_error") return DEFAULT_KEYS.network;
  return DEFAULT_KEYS.request;
}

/** "cosmic" → "Cosmic" (a tier's or world's display name) in the interface language; other text as it is. */
function planName(name: unknown): string {
  const language = currentLanguage();
  const tier = SUBSCRIPTION_TIERS.find((candidate) => candidate.name === name);
  if (tier) return tier.displayName[language];
  const world = WORLDS.find((candidate) => candidate.tier === name);
  return world ? world.displayName[language] : String(name ?? "");
}

/** The locale key of a code (and its meaning, for a code with several). */
export function errorKey(code: ErrorCode, params: Readonly<Record<string, unknown>>): string {
  const by = discriminatorOf(code);
  return by === null ? `errors.${code}` : `errors.${code}.${String(params[by])}`;
}

/**
 * A server error in the interface language from its code and params; an error the union does not hold (a call that
 * got no reply, a reply that was not ours) reads as the web's own text for it, or as a failed request.
 */
export function translateError(
  t: TFunction,
  error: {
    code: string;
    params: Readonly<Record<string, unknown>>;
    /** The English text an error may carry: never shown. */
    message?: string;
    fallback?: DefaultError | null;
  },
): string {
  const { code, params } = error;
  if (!isKnownDetail(code, params))
    return t(`messages.${ownFailureKey(code, error.fallback ?? null)}`);
  const values: Record<string, unknown> = { ...params };
  // The number a text counts (a limit, or the seconds to wait) picks its singular (key_one) where a language has one.
  const count = [params.max, params.limit, params.retryAfter].find(
    (value) => typeof value === "number",
  );
  if (count !== undefined) values.count = count;
  if (code === "feature_locked") {
    const feature = FEATURE_LABELS[params.feature as keyof typeof FEATURE_LABELS];
    values.feature = feature ? feature[currentLanguage()] : t("errors.features.realityForge");
  }
  // A plan param is a tier's (or world's) name: shown by its display name in the interface language.
  if (typeof params.plan === "string") values.plan = planName(params.plan);
  if (code === "tier_required") values.plan = planName(params.tier);
  // Any errors.* key: the type names one; the locale test walks the whole union against both catalogues.
  return t(errorKey(code, params) as "errors.internal_error", values);
}

/** A field's failure (a form's own check or a reply's `fieldCodes`) in the interface language, from its code. */
export function translateField(t: TFunction, field: FieldError): string {
  // Any fields.* key: the locale test walks the whole field union against both catalogues.
  return t(`fields.${field.code}` as "fields.required", { ...field.params });
}

/**
 * A stored failure (a failed chat answer or run) in the interface language from its code; a row stored before codes
 * were (docs/decisions/245-stored-error-codes.md), or with a code this build cannot read, shows a generic text.
 */
export function storedErrorText(
  t: TFunction,
  stored: { code: string; params: Readonly<Record<string, unknown>> } | null,
  /** The generic text of a row without a code: an answer's ("unknown") or a run's or execution's ("unknownRun"). */
  generic: "unknown" | "unknownRun" = "unknown",
): string {
  if (stored === null) return t(`runErrors.${generic}`);
  if (isRunErrorCode(stored.code)) {
    // A count (`n`) picks the singular form where a language has one (budget_runs_one).
    const count = typeof stored.params.n === "number" ? { count: stored.params.n } : {};
    return t(`runErrors.${stored.code}` as "runErrors.unknown", { ...stored.params, ...count });
  }
  if (isKnownDetail(stored.code, stored.params)) {
    return translateError(t, { ...stored, message: "" });
  }
  return t(`runErrors.${generic}`);
}

/**
 * A failed call's text in the interface language: the first of the named fields the reply faults, else the error's
 * own text (errorText).
 */
export function failureText(t: TFunction, error: unknown, ...fields: readonly string[]): string {
  if (isApiError(error)) {
    for (const name of fields) {
      const field = error.fields[name];
      if (field) return translateField(t, field);
    }
  }
  return errorText(t, error);
}

/** A failed call's message in the interface language; anything but an API error reads as a failed request. */
export function errorText(t: TFunction, error: unknown): string {
  return isApiError(error) ? translateError(t, error) : t("messages.requestFailed");
}

/** Why a live screen's read failed: the server's answer in words, anything else (no connection) as "could not load". */
export function liveLoadFailure(t: TFunction, error: unknown): string {
  return isApiError(error) ? translateError(t, error) : t("live.loadFailed");
}
