// Shows errors in the interface language: a server error by its code and params (packages/domain/src/errors.ts,
// locales/*/errors.json), never by its English message; field messages and the web's own texts by their key.
import { DELETE_LINK_INVALID_MESSAGE } from "@aacos/domain/account";
import { ACCOUNT_SUSPENDED_MESSAGE, ADMIN_CONSOLE_MESSAGES } from "@aacos/domain/admin-console";
import { FEATURE_LABELS, PLAN_MESSAGES, SUBSCRIPTION_TIERS, WORLDS } from "@aacos/domain/catalog";
import { REGISTRATION_CLOSED_MESSAGE } from "@aacos/domain/catalog-overrides";
import {
  discriminatorOf,
  type ErrorCode,
  type FieldError,
  isKnownDetail,
  isRunErrorCode,
} from "@aacos/domain/errors";
import { ORCHESTRATION_MESSAGES } from "@aacos/domain/orchestration";
import { EMAIL_UNAVAILABLE_MESSAGE, MESSAGES, UPLOAD_MESSAGES } from "@aacos/domain/validation";
import type { TFunction } from "i18next";
import type he from "../locales/he.json";
import { DEFAULT_ERRORS, isApiError } from "./api-client";
import { currentLanguage } from "./i18n";
import { PROMPT_TEXTS } from "./upgrade-prompts";

export type MessageKey = keyof (typeof he)["messages"];

/** Exact English texts (docs/product.md §5 and §8, and the server's own) and their keys. */
const EXACT: Record<string, MessageKey> = {
  [MESSAGES.required]: "required",
  [MESSAGES.invalidEmail]: "invalidEmail",
  [MESSAGES.invalidFormat]: "invalidFormat",
  [MESSAGES.validationFailed]: "validationFailed",
  [MESSAGES.weakPassword]: "weakPassword",
  [MESSAGES.multipleExtensions]: "multipleExtensions",
  [MESSAGES.mimeMismatch]: "mimeMismatch",
  [UPLOAD_MESSAGES.tooComplex]: "fileTooComplex",
  [PLAN_MESSAGES.alreadyOnTier]: "alreadyOnTier",
  [PLAN_MESSAGES.alreadyScheduled]: "alreadyScheduled",
  [PLAN_MESSAGES.worldsOnlyMoveUp]: "worldsOnlyMoveUp",
  [PLAN_MESSAGES.planChangedMeanwhile]: "planChangedMeanwhile",
  [PROMPT_TEXTS.followUp]: "promptFollowUp",
  [PROMPT_TEXTS.annualDiscount]: "promptAnnualDiscount",
  [PROMPT_TEXTS.softHint]: "promptSoftHint",
  [PROMPT_TEXTS.tierUp]: "promptTierUp",
  [PROMPT_TEXTS.worldUp]: "promptWorldUp",
  [DEFAULT_ERRORS.login]: "loginFailed",
  [DEFAULT_ERRORS.register]: "registrationFailed",
  [DEFAULT_ERRORS.profile]: "profileUpdateFailed",
  [DEFAULT_ERRORS.refresh]: "tokenRefreshFailed",
  [DEFAULT_ERRORS.request]: "requestFailed",
  [DEFAULT_ERRORS.network]: "networkError",
  [DEFAULT_ERRORS.timeout]: "timeout",
  [DEFAULT_ERRORS.offline]: "offline",
  "Invalid email or password": "invalidCredentials",
  "An account with this email already exists": "emailTaken",
  "This username is taken": "usernameTaken",
  [EMAIL_UNAVAILABLE_MESSAGE]: "emailUnavailable",
  [DELETE_LINK_INVALID_MESSAGE]: "deleteLinkInvalid",
  [REGISTRATION_CLOSED_MESSAGE]: "registrationClosed",
  "This password appears in lists of breached passwords; choose another": "commonPassword",
  "The current password is not correct": "currentPasswordWrong",
  "Invalid verification code": "invalidCode",
  "The sign-in step expired; sign in again": "stepExpired",
  "This sign-in step has expired; start again": "stepExpired",
  "Confirm the setup with a code from the authenticator app": "confirmWithApp",
  "Two-factor sign-in is not on": "mfaNotOn",
  "This reset link is invalid or has expired": "resetLinkInvalid",
  "This setup link is invalid or has expired": "setupLinkInvalid",
  "An admin already exists": "adminExists",
  "This sign-in has expired or was already used. Start it again.": "oauthState",
  "Sign in with your password first, then link this provider": "oauthLinkWithPassword",
  "This provider account is already linked to another user": "oauthAlreadyLinked",
  "No such sign-in provider": "oauthUnknownProvider",
  "No such universe": "noSuchUniverse",
  "No such entity": "noSuchEntity",
  "The provider did not share your e-mail address. Allow it and try again.": "oauthNoEmail",
  "The last admin cannot be removed": "lastAdmin",
  [ORCHESTRATION_MESSAGES.heldByOperator]: "entityHeldByOperator",
  [ACCOUNT_SUSPENDED_MESSAGE]: "accountSuspended",
  [ADMIN_CONSOLE_MESSAGES.cannotSuspendSelf]: "cannotSuspendSelf",
  [ADMIN_CONSOLE_MESSAGES.lastActiveAdmin]: "lastActiveAdmin",
  [ADMIN_CONSOLE_MESSAGES.dateOrder]: "dateOrder",
  "This passkey could not be verified": "passkeyFailed",
  "This passkey belongs to another account": "passkeyOtherAccount",
  "This request has expired; try again": "requestExpired",
  "Authentication required": "authRequired",
  "You do not have sufficient permissions": "forbidden",
  "Something went wrong on our side": "serverError",
};

/** Texts with a number in them; the number becomes {{n}}. */
const PATTERNS: readonly { pattern: RegExp; key: MessageKey }[] = [
  { pattern: /^Minimum length is (\d+)$/, key: "minLength" },
  { pattern: /^Rate limit exceeded: (\d+) calls per minute$/, key: "rateLimitMinute" },
  { pattern: /^Hourly limit exceeded: (\d+) calls per hour$/, key: "rateLimitHour" },
  { pattern: /^Daily limit exceeded: (\d+) calls per day$/, key: "rateLimitDay" },
  { pattern: /^Too many concurrent requests: max (\d+)$/, key: "rateLimitConcurrent" },
  { pattern: /^Too many realtime connections: max (\d+)$/, key: "realtimeLimit" },
  {
    pattern: /^(.+) was paused by an operator; it cannot run until an operator resumes it$/,
    key: "entityPausedByOperator",
  },
  { pattern: /^(.+) is paused; resume it to ask it$/, key: "entityPaused" },
  {
    pattern: /^(.+) was stopped; resume it in entity orchestration to run it again$/,
    key: "entityStopped",
  },
  { pattern: /^Too many requests: (\d+) per minute$/, key: "tooManyRequests" },
  { pattern: /^File size exceeds maximum of (\d+)MB$/, key: "fileTooLarge" },
  { pattern: /^File type \.(.*) is not allowed$/, key: "fileTypeNotAllowed" },
  { pattern: /^The file name has no extension; allowed: (.+)$/, key: "missingExtension" },
  { pattern: /^Unpacked file size exceeds maximum of (\d+)MB$/, key: "unpackedTooLarge" },
  { pattern: /^Storage limit reached: (\d+) GB$/, key: "storageLimit" },
  { pattern: /^Maximum length is (\d+)$/, key: "maxLength" },
  { pattern: /^Too many sign-in attempts\. Try again in (\d+) seconds\.$/, key: "tooManySignIns" },
  {
    pattern: /^Too many registrations from this address\. Try again in (\d+) seconds\.$/,
    key: "tooManyRegistrations",
  },
  { pattern: /^Too many reset requests\. Try again in (\d+) seconds\.$/, key: "tooManyResets" },
  {
    pattern: /^Too many confirmation mails\. Try again in (\d+) seconds\.$/,
    key: "tooManyConfirmMails",
  },
  {
    pattern: /^Too many verification attempts\. Try again in (\d+) seconds\.$/,
    key: "tooManyCodes",
  },
];

/** Texts naming a sign-in provider; the name becomes {{provider}}. */
const PROVIDER_PATTERNS: readonly { pattern: RegExp; key: MessageKey }[] = [
  { pattern: /^(.+) cannot be reached right now\. Try again later\.$/, key: "providerUnreachable" },
  { pattern: /^(.+)'s answer could not be verified\. Try again\.$/, key: "providerUnverified" },
];

/** "Team collaboration needs the Cosmic plan" (the domain's featureLockedMessage) in the interface language. */
function featureLocked(t: TFunction, message: string): string | null {
  const match = /^(.+) needs the (.+) plan$/.exec(message);
  if (!match) return null;
  const feature = Object.values(FEATURE_LABELS).find((label) => label.en === match[1]);
  const tier = SUBSCRIPTION_TIERS.find((candidate) => candidate.displayName.en === match[2]);
  if (!feature || !tier) return null;
  const language = currentLanguage();
  return t("messages.featureLocked", {
    feature: feature[language],
    plan: tier.displayName[language],
  });
}

/** The message in the interface language; an unknown text is shown as the server wrote it. */
export function translateMessage(t: TFunction, message: string): string {
  const locked = featureLocked(t, message);
  if (locked !== null) return locked;
  const exact = EXACT[message];
  if (exact) return t(`messages.${exact}`);
  for (const { pattern, key } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(`messages.${key}`, { n: match[1] });
  }
  for (const { pattern, key } of PROVIDER_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(`messages.${key}`, { provider: match[1] });
  }
  return message;
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
  error: { code: string; params: Readonly<Record<string, unknown>>; message: string },
): string {
  const { code, params } = error;
  if (!isKnownDetail(code, params)) {
    const exact = EXACT[error.message];
    return exact ? t(`messages.${exact}`) : t("messages.requestFailed");
  }
  const values: Record<string, unknown> = { ...params };
  // A limit's text has a singular (key_one) where English needs one.
  if (typeof params.max === "number") values.count = params.max;
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
): string {
  if (stored === null) return t("runErrors.unknown");
  if (isRunErrorCode(stored.code)) {
    return t(`runErrors.${stored.code}` as "runErrors.unknown", { ...stored.params });
  }
  if (isKnownDetail(stored.code, stored.params)) {
    return translateError(t, { ...stored, message: "" });
  }
  return t("runErrors.unknown");
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
