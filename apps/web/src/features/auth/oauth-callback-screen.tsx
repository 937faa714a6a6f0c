// /auth/oauth/:provider/callback: the provider's return; posts code and state once, then signs in or asks for the MFA step.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { isMfaChallenge, type MfaChallenge } from "../../lib/auth-api";
import { useAuthStore } from "../../lib/auth-store";
import { errorText } from "../../lib/messages";
import { FormAlert } from "../../ui/form-alert";
import { FormPanel, PanelOutcome } from "../../ui/form-panel";
import { Loader } from "../../ui/loader";
import { authScreensApi, type OAuthReply } from "./api";
import { useFinishSignIn } from "./finish-sign-in";
import { MfaStep } from "./mfa-step";

/** The state is single-use: a remounted screen (React's strict mode) must reuse the first exchange. */
const exchanges = new Map<string, Promise<OAuthReply>>();

function exchangeOnce(provider: string, code: string, state: string, iss: string | null) {
  let exchange = exchanges.get(state);
  if (!exchange) {
    exchange = authScreensApi.oauthCallback(provider, {
      code,
      state,
      ...(iss ? { iss } : {}),
    });
    exchanges.set(state, exchange);
  }
  return exchange;
}

type Outcome =
  | { kind: "working" }
  | { kind: "failed"; message: string }
  | { kind: "mfa"; challenge: MfaChallenge; redirect: string | null };

export function OAuthCallbackScreen() {
  const { t } = useTranslation();
  const { provider = "" } = useParams();
  const [params] = useSearchParams();
  const startSession = useAuthStore((state) => state.startSession);
  const finish = useFinishSignIn();
  const navigate = useNavigate();
  const code = params.get("code");
  const state = params.get("state");
  const providerError = params.get("error");
  const iss = params.get("iss");
  const [outcome, setOutcome] = useState<Outcome>(() => {
    if (providerError) return { kind: "failed", message: t("auth.oauth.denied") };
    if (!code || !state) return { kind: "failed", message: t("auth.oauth.incomplete") };
    return { kind: "working" };
  });

  useEffect(() => {
    if (!code || !state || providerError) return;
    let live = true;
    exchangeOnce(provider, code, state, iss)
      .then((reply) => {
        if (!live) return;
        if (isMfaChallenge(reply)) {
          setOutcome({ kind: "mfa", challenge: reply, redirect: reply.redirect ?? null });
          return;
        }
        startSession(reply);
        finish(reply.redirect);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setOutcome({ kind: "failed", message: errorText(t, error) });
      });
    return () => {
      live = false;
    };
  }, [provider, code, state, iss, providerError, startSession, finish, t]);

  if (outcome.kind === "mfa") {
    return (
      <MfaStep
        challenge={outcome.challenge}
        rememberMe={false}
        serverRedirect={outcome.redirect}
        onCancel={() => void navigate("/auth/login")}
      />
    );
  }

  if (outcome.kind === "working") {
    return (
      <div data-testid="auth-oauth-callback">
        <Loader message={t("auth.oauth.working")} fullHeight />
      </div>
    );
  }

  return (
    <FormPanel title={t("auth.oauth.failedTitle")} testId="auth-oauth-callback">
      <PanelOutcome
        message={<FormAlert testId="oauth-error">{outcome.message}</FormAlert>}
        to="/auth/login"
        linkTestId="oauth-back"
        linkLabel={t("auth.oauth.back")}
      />
    </FormPanel>
  );
}
