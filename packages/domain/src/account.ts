// "Your data": the account-deletion request and the export archive's file names, shared by browser and server.
import { z } from "zod";
import { MESSAGES } from "./validation/messages.js";

/** DELETE /api/me: the current password confirms the deletion. */
export const DeleteAccountBody = z.object({
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const WRONG_PASSWORD_MESSAGE = "The password is not correct";
export const LAST_ADMIN_DELETE_MESSAGE =
  "You are the last admin: make someone else an admin before deleting your account";

/** The export archive's name for a user on a day (`now` passed in). */
export function exportFileName(username: string, now: Date): string {
  const safe = username.replace(/[^a-zA-Z0-9_-]/g, "_") || "account";
  return `aacos-export-${safe}-${now.toISOString().slice(0, 10)}.zip`;
}
