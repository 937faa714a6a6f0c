// Signing in with a passkey (password-less, or as the second step): options from the server, the browser's ceremony, verify.
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import type { SessionReply } from "../../lib/auth-api";
import { authScreensApi } from "./api";

export class PasskeyUnavailable extends Error {
  constructor(readonly reason: "unsupported" | "cancelled") {
    super(reason);
    this.name = "PasskeyUnavailable";
  }
}

export async function signInWithPasskey(options: {
  mfaToken?: string;
  rememberMe: boolean;
}): Promise<SessionReply> {
  if (!browserSupportsWebAuthn()) throw new PasskeyUnavailable("unsupported");
  const { challengeId, options: optionsJSON } = await authScreensApi.passkeyOptions(
    options.mfaToken,
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch {
    // The user closed the prompt, no passkey matched, or the request timed out.
    throw new PasskeyUnavailable("cancelled");
  }
  return authScreensApi.passkeyVerify({
    challengeId,
    response,
    mfaToken: options.mfaToken,
    rememberMe: options.rememberMe,
  });
}
