// Replies of sign-in and the session: the session (user and tokens) or the second step a login needs, the caller's
// record with its second factors, roles and permissions, sessions, two-factor set-up, passkeys and OAuth sign-in.
// Cookies and redirects are not replies: the refresh cookie is set beside these, /oauth/:provider/start redirects.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";
import { PublicUser } from "../users/replies.js";

/** The second factors an account has: an authenticator app (with its recovery codes) and passkeys. */
export const MFA_METHODS = ["totp", "recovery", "webauthn"] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const SessionTokens = z.object({
  token: z.string(),
  /** For API clients; the browser keeps its refresh token in the httpOnly cookie and ignores this. */
  refreshToken: z.string(),
  /** When the access token expires. */
  expiresAt: Timestamp,
  rememberMe: z.boolean(),
});
export type SessionTokens = z.input<typeof SessionTokens>;

/** A new session: register, login, the second step, a passkey. */
export const SessionReply = SessionTokens.extend({ user: PublicUser });
export type SessionReply = z.input<typeof SessionReply>;

/** The password was right and the account has a second factor: the step's token and the factors it may use. */
export const MfaChallenge = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaChallenge = z.input<typeof MfaChallenge>;
export const LoginReply = z.union([SessionReply, MfaChallenge]);
export type LoginReply = z.input<typeof LoginReply>;

/** GET /api/auth/me: the public record and the second factors on. */
export const AuthUser = PublicUser.extend({
  mfaEnabled: z.boolean(),
  mfaMethods: z.array(z.enum(MFA_METHODS)),
});
export type AuthUser = z.input<typeof AuthUser>;

/** The caller's roles and permissions, as their record names them. */
export const PermissionsReply = PublicUser.pick({ roles: true, permissions: true });
export type PermissionsReply = z.input<typeof PermissionsReply>;

/** A signed-in device: one refresh-token family. */
export const ActiveSession = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  lastUsedAt: Timestamp,
  expiresAt: Timestamp,
  /** The session asking. */
  current: z.boolean(),
});
export type ActiveSession = z.input<typeof ActiveSession>;

// Two-factor sign-in

export const MfaStatus = z.object({
  totp: z.object({ enabled: z.boolean() }),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.input<typeof MfaStatus>;
export const TotpSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** data: URL of a PNG QR code. */
  qrCode: z.string(),
});
export type TotpSetup = z.input<typeof TotpSetup>;
/** The setup confirmed: the recovery codes, shown this once. */
export const MfaEnabled = z.object({
  enabled: z.literal(true),
  recoveryCodes: z.array(z.string()),
});
export type MfaEnabled = z.input<typeof MfaEnabled>;

// Passkeys

export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp.nullable(),
});
export type Passkey = z.input<typeof Passkey>;
/** A WebAuthn ceremony's options (the WebAuthn library's JSON, passed through whole) and the challenge's id. */
export const PasskeyOptions = z.object({ challengeId: z.string(), options: z.unknown() });
export type PasskeyOptions = z.input<typeof PasskeyOptions>;

// OAuth / OpenID Connect

export const OAuthProvider = z.object({ id: z.string(), label: z.string() });
export type OAuthProvider = z.input<typeof OAuthProvider>;
/** Where the browser goes after an OAuth sign-in or link (a path of this site), or null. */
const Redirect = z.string().nullable();
export const OAuthSignInReply = z.union([
  SessionReply.extend({ redirect: Redirect }),
  MfaChallenge.extend({ redirect: Redirect }),
]);
export type OAuthSignInReply = z.input<typeof OAuthSignInReply>;
export const OAuthLinked = z.object({
  linked: z.literal(true),
  provider: z.string(),
  redirect: Redirect,
});
export type OAuthLinked = z.input<typeof OAuthLinked>;

// First-run setup

/** GET /api/setup: whether the first admin is still to be created (POST /api/setup answers a SessionReply). */
export const SetupStatus = z.object({ needed: z.boolean() });
export type SetupStatus = z.input<typeof SetupStatus>;
