// Calls of the sign-in screens beyond the session itself: OAuth providers and callback, password reset, passkey sign-in.
import type { ListOf, OAuthProvider, OAuthSignInReply } from "@aacos/domain/replies";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { apiGet, apiPost } from "../../lib/api-client";
import type { SessionReply } from "../../lib/auth-api";

export type { OAuthProvider };
/** A session or the second step, and where the browser goes next. */
export type OAuthReply = OAuthSignInReply;

export const authScreensApi = {
  oauthProviders: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof OAuthProvider>>("/auth/oauth/providers", signal).then((r) => r.items),
  oauthCallback: (provider: string, body: { code: string; state: string; iss?: string }) =>
    apiPost<OAuthReply>(`/auth/oauth/${encodeURIComponent(provider)}`, body, {
      fallback: "login",
    }),
  requestReset: (email: string) => apiPost<void>("/auth/reset-password", { email }),
  confirmReset: (token: string, password: string) =>
    apiPost<void>("/auth/reset-password/confirm", { token, password }),
  passkeyOptions: (mfaToken?: string) =>
    apiPost<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>(
      "/auth/passkeys/login/options",
      mfaToken === undefined ? {} : { mfaToken },
    ),
  passkeyVerify: (body: {
    challengeId: string;
    response: unknown;
    mfaToken?: string;
    rememberMe: boolean;
  }) =>
    apiPost<SessionReply>("/auth/passkeys/login/verify", body, {
      fallback: "login",
    }),
};

/** Where the browser goes to start an OAuth sign-in; the provider comes back to /auth/oauth/:provider/callback. */
export function oauthStartUrl(provider: string, redirect: string): string {
  return `/api/auth/oauth/${encodeURIComponent(provider)}/start?redirect=${encodeURIComponent(redirect)}`;
}
