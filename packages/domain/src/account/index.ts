// "Your data": the account-deletion request and the export archive's file names, shared by browser and server.

import { z } from "zod";
import { fieldIssue } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";

/**
 * DELETE /api/me: a fresh proof confirms the deletion — the current password, or the token of the single-use link
 * mailed by POST /api/me/delete-link (for accounts without a password: passkey- or OpenID-Connect-only).
 */
export const DeleteAccountBody = z
  .object({
    password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128).optional(),
    token: z.string().min(1, MESSAGES.required).max(128).optional(),
  })
  .refine((body) => body.password !== undefined || body.token !== undefined, {
    ...fieldIssue(MESSAGES.required, "required"),
    path: ["password"],
  });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const WRONG_PASSWORD_MESSAGE = "The password is not correct";
export { DELETE_LINK_INVALID_MESSAGE } from "./messages.js";
/** The mailed deletion link works for 30 minutes, once. */
export const DELETE_LINK_TTL_MS = 30 * 60 * 1000;
/** The query parameter of /settings that carries the mailed deletion token. */
export const DELETE_LINK_PARAM = "confirmDelete";
export const LAST_ADMIN_DELETE_MESSAGE =
  "You are the last admin: make someone else an admin before deleting your account";

/** The export archive's name for a user on a day (`now` passed in). */
export function exportFileName(username: string, now: Date): string {
  const safe = username.replace(/[^a-zA-Z0-9_-]/g, "_") || "account";
  return `aacos-export-${safe}-${now.toISOString().slice(0, 10)}.zip`;
}
