// The field rules of docs/product.md §5 as predicates and zod schemas, shared by the browser forms and the server routes.

import { z } from "zod";
import { fieldIssue, fieldName } from "../field-errors.js";
import { MAX_INPUT_LENGTH, MESSAGES } from "./messages.js";

/** Text, @, text, dot, text; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits, spaces, dashes, plus and parentheses only. */
const PHONE_CHARACTERS = /^[\d\s\-+()]+$/;
/** At least 8 of letters, digits and @$!%*?&, with one of each kind. */
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;
/** One character a password may hold. */
const PASSWORD_CHARACTER = /^[A-Za-z\d@$!%*?&]$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function isPhone(value: string): boolean {
  return PHONE_CHARACTERS.test(value) && (value.match(/\d/g)?.length ?? 0) >= 10;
}

export function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export function isStrongPassword(value: string): boolean {
  return STRONG_PASSWORD.test(value);
}

/** Each part of the strong-password rule on its own, for live hints while the user types. */
export interface PasswordChecks {
  minLength: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
  /** Only letters, digits and @$!%*?& (true for an empty value: nothing wrong typed yet). */
  allowedCharacters: boolean;
}

export function passwordChecks(value: string): PasswordChecks {
  return {
    minLength: value.length >= 8,
    lowercase: /[a-z]/.test(value),
    uppercase: /[A-Z]/.test(value),
    digit: /\d/.test(value),
    special: /[@$!%*?&]/.test(value),
    allowedCharacters: disallowedPasswordCharacters(value).length === 0,
  };
}

/** The characters of a password that the strong-password rule does not allow, each once, in the order typed. */
export function disallowedPasswordCharacters(value: string): string[] {
  return [...new Set([...value].filter((char) => !PASSWORD_CHARACTER.test(char)))];
}

/** Required text: trimmed, not empty, at most the spec's maximum input length. */
export function requiredText(max = MAX_INPUT_LENGTH) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, MESSAGES.maxLength(max));
}

export const Email = requiredText(254).refine(
  isEmail,
  fieldIssue(MESSAGES.invalidEmail, "invalid_email"),
);
export const Phone = requiredText(32).refine(
  isPhone,
  fieldIssue(MESSAGES.invalidFormat, "invalid_format"),
);
export const Url = requiredText(2048).refine(
  isUrl,
  fieldIssue(MESSAGES.invalidFormat, "invalid_format"),
);
/** Passwords are not trimmed: spaces would fail the character rule anyway. */
export const StrongPassword = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .max(128, MESSAGES.maxLength(128))
  .refine(isStrongPassword, fieldIssue(MESSAGES.weakPassword, "weak_password"));
export const Username = requiredText(32)
  .pipe(z.string().min(3, MESSAGES.minLength(3)))
  .refine(
    (value) => /^[A-Za-z0-9_.-]+$/.test(value),
    fieldIssue(MESSAGES.invalidFormat, "invalid_format"),
  );

/** Removes angle brackets, the javascript: prefix and inline handler patterns (docs/product.md §5). */
export function sanitizeInput(value: string): string {
  return value
    .replace(/[<>]/g, "")
    .replace(/javascript:/gi, "")
    .replace(/\bon\w+\s*=/gi, "");
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * Field messages of a failed zod parse in English, the first per field (the API's `fields`); their codes, which
 * the browser shows, come from fieldErrors (../field-errors.ts) over the same issues.
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[fieldName(issue.path)] ??= issue.message;
  return fields;
}

/** A record's id as the database makes it (a UUID), in a path, a query or a body; anything else is an invalid format. */
export const Uuid = z.uuid({ error: MESSAGES.invalidFormat });

/**
 * The entities one prompt addresses (a command, a batch run, an autonomous rule): 1 to `max` ids, each named once.
 * `notAList` is the message for a value that is not a list at all (zod's own otherwise).
 */
export function entityIdList(max: number, tooMany: string, notAList?: string) {
  return z
    .array(Uuid, notAList === undefined ? undefined : { error: notAList })
    .min(1, MESSAGES.required)
    .max(max, tooMany)
    .refine(
      (ids) => new Set(ids).size === ids.length,
      fieldIssue("Each entity may be named once", "duplicate"),
    );
}

/** A whole number from `min` to `max`, read from a query string or a message; anything else is an invalid format. */
export function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: MESSAGES.invalidFormat })
    .int(MESSAGES.invalidFormat)
    .min(min, MESSAGES.invalidFormat)
    .max(max, MESSAGES.invalidFormat);
}

/**
 * A list query's `limit`: a whole number from 1 to `max`, `fallback` when it is left out; anything else is an invalid
 * format.
 */
export function listLimit(max: number, fallback: number) {
  return wholeNumber(1, max).default(fallback);
}

/** A list's search text: optional, trimmed, at most 100 characters. */
export const SearchText = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .max(100, MESSAGES.maxLength(100))
  .optional();

/**
 * The page fields of every numbered list query, spread into its object: page 1 to 10 000 (1 by default) and
 * pageSize 1 to `maxSize` (`defaultSize` by default); anything else is an invalid format.
 */
export function pageFieldsOf(maxSize: number, defaultSize: number) {
  return { page: wholeNumber(1, 10_000).default(1), pageSize: listLimit(maxSize, defaultSize) };
}

/** The usual page fields: pages of 1 to 100 items, 20 by default. */
export const pageFields = pageFieldsOf(100, 20);
