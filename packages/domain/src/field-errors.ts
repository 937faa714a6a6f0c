// Every field message of a 400 as a code and its params (docs/decisions/244-field-error-codes.md), beside the error
// codes of ./errors.ts. The shared request schemas produce them, so a form's own check and the server's reply give
// the same code; the English text stays in replies for API integrators, the browser translates by code only.
import type { z } from "zod";
import type { Widen } from "./code-params.js";

/** Field codes → sample params (their types; the locale test interpolates them). */
const FIELD_CODES = {
  /** Empty, missing, or (for a list) nothing chosen. */
  required: {},
  invalid_email: {},
  /** A value of the wrong form or type, or outside the choices. */
  invalid_format: {},
  /** Text shorter than `min` characters. */
  too_short: { min: 0 },
  /** Text longer than `max` characters. */
  too_long: { max: 0 },
  /** A list with more than `max` items. */
  too_many: { max: 0 },
  /** A number under `min`. */
  too_small: { min: 0 },
  /** A number over `max`. */
  too_large: { max: 0 },
  /** A number that is not whole. */
  not_integer: {},
  /** An autonomous rule's runs per hour: a whole number from `min` to `max`. */
  runs_per_hour: { min: 0, max: 0 },
  /** An autonomous rule's tokens per day: a whole number from `min` to `max`. */
  tokens_per_day: { min: 0, max: 0 },
  /** A plan setting under `min` (−1, unlimited, is allowed too). */
  too_small_or_unlimited: { min: 0 },
  weak_password: {},
  /** A list naming one thing twice. */
  duplicate: {},
  /** A date range whose start is after its end. */
  date_order: {},
  /** A date range whose end is not after its start. */
  end_before_start: {},
  /** A date outside the range the report covers. */
  date_out_of_range: {},
  /** A date range longer than `max` days. */
  range_too_long: { max: 0 },
  time_zone: {},
  cron_fields: {},
  /** A change that changes nothing. */
  empty_change: {},
  // Checks only the server can make (accounts, links, plans, files), each beside the field it is about.
  common_password: {},
  wrong_password: {},
  /** A reset, setup or confirmation link that is invalid or expired. */
  link_invalid: {},
  oauth_state: {},
  invalid_code: {},
  confirm_with_app: {},
  use_passkey_flow: {},
  request_expired: {},
  passkey_failed: {},
  passkey_registered: {},
  email_taken: {},
  username_taken: {},
  email_unavailable: {},
  last_admin: {},
  already_member: {},
  already_invited: {},
  new_owner_not_member: {},
  cron_invalid: {},
  cron_never_runs: {},
  entity_not_found: {},
  /** `models`: the configured models, comma-separated ("" when none is). */
  unknown_model: { models: "" },
  expiry_in_past: {},
  custom_price: {},
  no_subscription: {},
  already_on_tier: {},
  already_scheduled: {},
  worlds_only_move_up: {},
  private_webhook: {},
  file_type_not_allowed: { extension: "" },
  /** `allowed`: the allowed extensions, as ".jpg, .png…". */
  missing_extension: { allowed: "" },
  multiple_extensions: {},
  /** An upload carrying more than one file. */
  one_file_only: {},
  mime_mismatch: {},
  /** `max`: megabytes. */
  file_too_large: { max: 0 },
  /** `max`: megabytes. */
  unpacked_too_large: { max: 0 },
  file_too_complex: {},
  unreadable_file: {},
  knowledge_file_type: {},
} as const;

export type FieldCode = keyof typeof FIELD_CODES;
export type FieldParams<C extends FieldCode> = Widen<(typeof FIELD_CODES)[C]>;
/** One field's failure without its English text: `{code, params}`. */
export type FieldError = { [C in FieldCode]: { code: C; params: FieldParams<C> } }[FieldCode];

export const FIELD_CODE_LIST: readonly FieldCode[] = Object.keys(FIELD_CODES) as FieldCode[];

export function isFieldCode(value: unknown): value is FieldCode {
  return typeof value === "string" && Object.hasOwn(FIELD_CODES, value);
}

/** Every field code with sample params, for tests walking the union against the locales. */
export function everyFieldError(): FieldError[] {
  return Object.entries(FIELD_CODES).map(
    ([code, params]) => ({ code, params: { ...params } }) as FieldError,
  );
}

/** A field's failure as the server holds it: its code and params, and its English text for the reply's `fields`. */
export type FieldFailure = FieldError & { message: string };

/** One field's failure with its English text, for checks made outside a schema (`validationFailed({name: …})`). */
export function fieldFailure<C extends FieldCode>(
  message: string,
  code: C,
  ...[params]: Record<string, never> extends FieldParams<C> ? [] : [FieldParams<C>]
): FieldFailure {
  return { message, code, params: { ...params } } as FieldFailure;
}

/** The param key a custom zod issue carries its field code under (see fieldIssue). */
const CODE_PARAM = "fieldCode";

/**
 * A custom check's options with its English text and its field code, for `.refine(check, fieldIssue(...))` and
 * `context.addIssue({code: "custom", ...fieldIssue(...)})`.
 */
export function fieldIssue<C extends FieldCode>(
  message: string,
  code: C,
  ...[params]: Record<string, never> extends FieldParams<C> ? [] : [FieldParams<C>]
): { message: string; params: Record<string, unknown> } {
  return { message, params: { [CODE_PARAM]: code, ...params } };
}

/** The field code of one zod issue: a custom check's own, or the kind of the built-in check that failed. */
export function fieldErrorOf(issue: z.core.$ZodIssue): FieldError {
  switch (issue.code) {
    case "custom": {
      const { [CODE_PARAM]: code, ...params } = issue.params ?? {};
      return isFieldCode(code)
        ? ({ code, params } as FieldError)
        : { code: "invalid_format", params: {} };
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return min <= 1 ? { code: "required", params: {} } : { code: "too_short", params: { min } };
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return { code: "too_small", params: { min } };
      return { code: "required", params: {} };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return { code: "too_long", params: { max } };
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return { code: "too_large", params: { max } };
      return { code: "too_many", params: { max } };
    }
    case "invalid_type":
      // A missing text field (forms send every text field, so a wrong type comes only from integrators).
      return issue.expected === "string"
        ? { code: "required", params: {} }
        : { code: "invalid_format", params: {} };
    case "invalid_format":
      return issue.format === "email"
        ? { code: "invalid_email", params: {} }
        : { code: "invalid_format", params: {} };
    default:
      return { code: "invalid_format", params: {} };
  }
}

/** The name a zod issue's field goes by in replies and forms: its path joined by dots, "_" for the whole input. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.length > 0 ? path.map(String).join(".") : "_";
}

/** Field codes of a failed parse, the first failure per field (the API's `fieldCodes`). */
export function fieldErrors(error: z.ZodError): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const issue of error.issues) fields[fieldName(issue.path)] ??= fieldErrorOf(issue);
  return fields;
}
