// The session calls of /api/auth the auth store makes (docs/product.md §7): login, register, MFA step, refresh, logout, me.
import type {
  AuthUser as MeUser,
  MfaChallenge,
  MfaMethod,
  PublicUser,
  ReplyOf,
  SessionReply,
  SessionTokens,
} from "@aacos/domain/replies";
import type { LoginBody, MfaVerifyBody, ProfileBody, RegisterBody } from "@aacos/domain/validation";
import { apiGet, apiPatch, apiPost } from "./api-client";

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
      fallback: "login",
    }),
  register: (body: RegisterBody) =>
    apiPost<SessionReply>("/auth/register", body, { fallback: "register" }),
  verifyMfa: (body: Required<Pick<MfaVerifyBody, "code" | "type" | "mfaToken">>) =>
    apiPost<SessionReply>("/auth/mfa/verify", body, { fallback: "login" }),
  refresh: () => apiPost<SessionTokens>("/auth/refresh", undefined, { fallback: "refresh" }),
  logout: () => apiPost<void>("/auth/logout"),
  me: (options: { handleUnauthorized?: boolean } = {}) =>
    apiGet<ReplyOf<"user", typeof MeUser>>("/auth/me", options).then((reply) => reply.user),
  updateProfile: (body: ProfileBody) =>
    apiPatch<ReplyOf<"user", typeof PublicUser>>("/auth/profile", body, {
      fallback: "profile",
    }).then((reply) => reply.user),
};
