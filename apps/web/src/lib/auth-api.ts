// The session calls of /api/auth the auth store makes (docs/product.md §7): login, register, MFA step, refresh, logout, me.
import type { Permission, Role } from "@aacos/domain/access";
import type { TierName, WorldName } from "@aacos/domain/catalog";
import type { LoginBody, MfaVerifyBody, ProfileBody, RegisterBody } from "@aacos/domain/validation";
import { apiGet, apiPatch, apiPost, DEFAULT_ERRORS } from "./api-client";

/** GET /api/auth/me's user; fields past the minimum of docs/product.md §3 are optional so older replies still fit. */
export interface AuthUser {
  id: string;
  email: string;
  username: string;
  roles: Role[];
  permissions: Permission[];
  tier: TierName;
  world: WorldName;
  displayName?: string | null;
  timeZone?: string;
  locale?: string;
  emailVerified?: boolean;
  createdAt?: string;
  mfaEnabled?: boolean;
  mfaMethods?: string[];
}

export interface SessionTokens {
  token: string;
  /** For API clients; the browser keeps its refresh token in the httpOnly cookie and ignores this. */
  refreshToken?: string;
  expiresAt?: string;
  rememberMe?: boolean;
}

export interface SessionReply extends SessionTokens {
  user: AuthUser;
}

export type MfaMethod = "totp" | "recovery" | "webauthn";

export interface MfaChallenge {
  mfaRequired: true;
  mfaToken: string;
  methods: MfaMethod[];
}

export function isMfaChallenge(reply: SessionReply | MfaChallenge): reply is MfaChallenge {
  return "mfaRequired" in reply && reply.mfaRequired === true;
}

export type LoginInput = Pick<LoginBody, "email" | "password"> & { rememberMe?: boolean };

export const authApi = {
  login: (body: LoginInput) =>
    apiPost<SessionReply | MfaChallenge>("/auth/login", body, {
      fallbackMessage: DEFAULT_ERRORS.login,
    }),
  register: (body: RegisterBody) =>
    apiPost<SessionReply>("/auth/register", body, { fallbackMessage: DEFAULT_ERRORS.register }),
  verifyMfa: (body: Required<Pick<MfaVerifyBody, "code" | "type" | "mfaToken">>) =>
    apiPost<SessionReply>("/auth/mfa/verify", body, { fallbackMessage: DEFAULT_ERRORS.login }),
  refresh: () =>
    apiPost<SessionTokens>("/auth/refresh", undefined, { fallbackMessage: DEFAULT_ERRORS.refresh }),
  logout: () => apiPost<void>("/auth/logout"),
  me: (options: { handleUnauthorized?: boolean } = {}) =>
    apiGet<{ user: AuthUser }>("/auth/me", options).then((reply) => reply.user),
  updateProfile: (body: ProfileBody) =>
    apiPatch<{ user: AuthUser }>("/auth/profile", body, {
      fallbackMessage: DEFAULT_ERRORS.profile,
    }).then((reply) => reply.user),
};
