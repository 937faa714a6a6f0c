// Request bodies of the auth and account API (docs/product.md §7), used by the browser forms and the server routes.

import { z } from "zod";
import { fieldIssue } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";
import { Email, requiredText, StrongPassword, Username } from "../validation/rules.js";

export const RegisterBody = z.object({
  email: Email,
  username: Username,
  password: StrongPassword,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** `email` may hold the username (docs/product.md §7). */
export const LoginBody = z.object({
  email: requiredText(254),
  password: z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(128, MESSAGES.maxLength(128)),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshBody = z.object({ refreshToken: z.string().max(512).optional() });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const ResetPasswordBody = z.object({ email: Email });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ResetPasswordConfirmBody = z.object({
  token: requiredText(256),
  password: StrongPassword,
});
export type ResetPasswordConfirmBody = z.infer<typeof ResetPasswordConfirmBody>;

export const ChangePasswordBody = z.object({
  currentPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
  newPassword: StrongPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const MfaType = z.enum(["totp", "webauthn", "recovery"]);
export type MfaType = z.infer<typeof MfaType>;

export const MfaSetupBody = z.object({ type: z.enum(["totp"]).optional().default("totp") });
export type MfaSetupBody = z.infer<typeof MfaSetupBody>;

/** A TOTP code is six digits; a recovery code is its own shape; `mfaToken` finishes a login. */
export const MfaVerifyBody = z.object({
  code: requiredText(64),
  type: MfaType.optional().default("totp"),
  mfaToken: z.string().max(2048).optional(),
});
export type MfaVerifyBody = z.infer<typeof MfaVerifyBody>;

export const MfaDisableBody = z.object({ code: requiredText(64) });
export type MfaDisableBody = z.infer<typeof MfaDisableBody>;

/** IANA time zone names: checked by the runtime's Intl where the schema runs. */
const TimeZone = requiredText(64).refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  fieldIssue(MESSAGES.invalidFormat, "time_zone"),
);

export const ProfileBody = z
  .object({
    displayName: requiredText(80).nullable(),
    username: Username,
    timeZone: TimeZone,
    locale: z.enum(["he", "en"]),
  })
  .partial()
  .strict();
export type ProfileBody = z.infer<typeof ProfileBody>;
