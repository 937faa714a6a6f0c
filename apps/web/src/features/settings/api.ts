// Calls of the settings screen: password, two-factor set-up, passkeys, sessions and personal API keys (all signed in).

import type {
  ApiKeyItem,
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
} from "@aacos/domain/api-keys";
import type {
  ActiveSession,
  ListOf,
  MfaEnabled,
  MfaStatus,
  Passkey,
  ReplyOf,
  TotpSetup,
} from "@aacos/domain/replies";
import type { ChangePasswordBody } from "@aacos/domain/validation";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { apiDelete, apiGet, apiPost } from "../../lib/api-client";

export type { ActiveSession, MfaStatus, Passkey, TotpSetup };

export const settingsKeys = {
  apiKeys: ["settings", "api-keys"] as const,
  mfa: ["settings", "mfa"] as const,
  sessions: ["settings", "sessions"] as const,
  passkeys: ["settings", "passkeys"] as const,
};

export const settingsApi = {
  changePassword: (body: ChangePasswordBody) => apiPost<void>("/auth/password", body),
  mfaStatus: (signal?: AbortSignal) => apiGet<MfaStatus>("/auth/mfa", signal),
  startTotpSetup: () => apiPost<TotpSetup>("/auth/mfa/setup", { type: "totp" }),
  confirmTotp: (code: string) =>
    apiPost<MfaEnabled>(
      "/auth/mfa/verify",
      { code, type: "totp" },
      // Signed in: a 401 here is an expired session, not a wrong code (that is a 400).
      { handleUnauthorized: true },
    ),
  disableMfa: (code: string) => apiPost<void>("/auth/mfa/disable", { code }),
  sessions: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof ActiveSession>>("/auth/sessions", signal).then((reply) => reply.items),
  revokeSession: (id: string) => apiDelete(`/auth/sessions/${encodeURIComponent(id)}`),
  revokeAllSessions: () => apiPost<void>("/auth/sessions/revoke-all"),
  passkeys: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof Passkey>>("/auth/passkeys", signal).then((reply) => reply.items),
  passkeyRegistrationOptions: () =>
    apiPost<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>(
      "/auth/passkeys/register/options",
    ),
  registerPasskey: (body: {
    challengeId: string;
    response: RegistrationResponseJSON;
    name: string;
  }) => apiPost<ReplyOf<"passkey", typeof Passkey>>("/auth/passkeys/register/verify", body),
  removePasskey: (id: string) => apiDelete(`/auth/passkeys/${encodeURIComponent(id)}`),
  apiKeys: (signal?: AbortSignal) =>
    apiGet<ApiKeyList>("/me/api-keys", signal).then((reply): ApiKeyItem[] => reply.items),
  /** The key comes back once, here; the server keeps only its hash. */
  createApiKey: (body: CreateApiKeyBody) => apiPost<CreatedApiKey>("/me/api-keys", body),
  revokeApiKey: (id: string) => apiDelete(`/me/api-keys/${encodeURIComponent(id)}`),
};
