// Password hashing (argon2id, OWASP parameters) and the refusal of commonly breached passwords (list shipped locally).

import { availableParallelism } from "node:os";
import { type FieldFailure, fieldFailure } from "@aacos/domain/errors";
import { isStrongPassword, MESSAGES } from "@aacos/domain/validation";
import { hash, verify } from "@node-rs/argon2";

/** OWASP: argon2id, 19 MiB, 2 iterations, 1 lane (about 13 ms here). @node-rs/argon2 defaults to argon2id. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * 49 233 of the most common breached passwords (zxcvbn's list), lower-cased. The list (about 400 KB of code) is its own
 * chunk, loaded with the first password to check rather than with the server (docs/decisions/204-start-up-lazy-modules.md).
 */
let common: Promise<Set<string>> | null = null;
const commonPasswords = () => {
  common ??= import("@zxcvbn-ts/language-common").then((loaded) => {
    // A CommonJS package: bundled by esbuild, its exports arrive as the chunk's default export.
    const { dictionary } = loaded.dictionary === undefined ? interop(loaded) : loaded;
    return new Set(dictionary["passwords-common"]);
  });
  return common;
};

/** A CommonJS module's exports as esbuild's dynamic import gives them: under `default`. */
function interop<T>(loaded: T): T {
  return (loaded as unknown as { default: T }).default;
}

export const COMMON_PASSWORD_MESSAGE =
  "This password appears in lists of breached passwords; choose another";

/**
 * How many hashes run at once. Each takes a libuv thread and a core for its whole length; four at once (libuv's pool)
 * on a two-core machine would leave the event loop without a core, and every other request would wait behind
 * sign-ins. One core is always left to the event loop; further sign-ins queue here (docs/decisions/213-hashing-slots.md).
 */
const HASHING_SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  hashing += 1;
  try {
    return await work();
  } finally {
    hashing -= 1;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return inHashingSlot(() => hash(password, ARGON2));
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    // Same cost as a real check, so timing does not tell whether the account exists.
    await inHashingSlot(() => hash(password, ARGON2));
    return false;
  }
  try {
    return await inHashingSlot(() => verify(stored, password));
  } catch {
    return false;
  }
}

/**
 * A common password dressed up to pass the character rule ("Password1!", "Dr@gon2024!") is still common:
 * the check lower-cases, undoes the usual letter swaps and drops trailing digits and symbols.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const lower = password.toLowerCase();
  const unswapped = lower
    .replaceAll("@", "a")
    .replaceAll("$", "s")
    .replaceAll("0", "o")
    .replaceAll("3", "e")
    .replaceAll("1", "i");
  const stems = [
    lower,
    unswapped,
    lower.replace(/[\d@$!%*?&]+$/, ""),
    unswapped.replace(/[\d@$!%*?&]+$/, ""),
  ];
  const listed = await commonPasswords();
  return stems.some((stem) => stem.length >= 4 && listed.has(stem));
}

/** Why a password may not be set (its field failure), or null when it is acceptable. */
export async function passwordProblem(password: string): Promise<FieldFailure | null> {
  if (!isStrongPassword(password)) return fieldFailure(MESSAGES.weakPassword, "weak_password");
  if (await isCommonPassword(password))
    return fieldFailure(COMMON_PASSWORD_MESSAGE, "common_password");
  return null;
}
