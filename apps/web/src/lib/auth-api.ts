// The session calls of /api/auth the auth store makes (docs/product.md §7): login, register, MFA step, refresh, logout, me.
import type {
  AuthUserReply,
  AuthUser as MeUser,
  MfaChallenge,
  MfaMethod,
  PublicUser,
  PublicUserReply,
  SessionReply,
  SessionTokens,
} from "@aacos/domain/replies";
import type { LoginBody, MfaVerifyBody, ProfileBody, RegisterBody } from "@aacos/domain/validation";
import { apiGet, apiPatch, apiPost, DEFAULT_ERRORS } from "./api-client";

/**
 * The signed-in user as the store keeps it: the public record of a session reply, with GET /api/auth/me's second
 * factors once read. Fields past the minimum of docs/product.md §3 are optional so older stored users still fit.
 */
type MinimumUser = "id" | "email" | "username" | "roles" | "permissions" | "tier" | "world";
export type AuthUser = Pick<PublicUser, MinimumUser> &
  Partial<Omit<PublicUser, MinimumUser> & Pick<MeUser, "mfaEnabled" | "mfaMethods">>;

export type { MfaChallenge, MfaMethod, SessionReply, SessionTokens };

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
    apiGet<AuthUserReply>("/auth/me", options).then((reply) => reply.user),
  updateProfile: (body: ProfileBody) =>
    apiPatch<PublicUserReply>("/auth/profile", body, {
      fallbackMessage: DEFAULT_ERRORS.profile,
    }).then((reply) => reply.user),
};
