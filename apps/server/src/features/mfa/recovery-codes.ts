// One-time recovery codes: ten per user, `xxxxx-xxxxx` from an alphabet without look-alikes (no 0/o, 1/l/i).
import { randomInt } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH = 10;

export function generateRecoveryCode(): string {
  let raw = "";
  for (let index = 0; index < LENGTH; index += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** The canonical form of what a user typed (any case, spaces or dash optional), or null if it cannot be a code. */
export function normalizeRecoveryCode(input: string): string | null {
  const raw = input.toLowerCase().replace(/[\s-]/g, "");
  if (raw.length !== LENGTH || [...raw].some((char) => !ALPHABET.includes(char))) return null;
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
