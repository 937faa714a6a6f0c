// /auth/login: email-or-username and password (remember me), passkey and OAuth sign-in, then the MFA step when asked.

import { LoginBody } from "@aacos/domain/validation";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MfaChallenge } from "../../lib/auth-api";
import { useAuthStore } from "../../lib/auth-store";
import { errorText } from "../../lib/messages";
import { readStorage, STORAGE_KEYS } from "../../lib/storage";
import { useForm } from "../../lib/use-form";
import { Button, ButtonLink, buttonClasses } from "../../ui/button";
import { CheckboxField, TextField } from "../../ui/form-field";
import { FormPanel, PanelForm } from "../../ui/form-panel";
import { Icon } from "../../ui/icon";
import { PasswordField } from "../../ui/password-field";
import { authScreensApi, oauthStartUrl } from "./api";
import { useFinishSignIn } from "./finish-sign-in";
import { MfaStep } from "./mfa-step";
import { OtherFormLink } from "./other-form-link";
import { PasskeyUnavailable, signInWithPasskey } from "./passkey-sign-in";

export function LoginScreen() {
  const [challenge, setChallenge] = useState<{ mfa: MfaChallenge; rememberMe: boolean } | null>(
    null,
  );
  if (challenge) {
    return (
      <MfaStep
        challenge={challenge.mfa}
        rememberMe={challenge.rememberMe}
        onCancel={() => setChallenge(null)}
      />
    );
  }
  return <LoginForm onMfa={(mfa, rememberMe) => setChallenge({ mfa, rememberMe })} />;
}

function LoginForm({ onMfa }: { onMfa: (challenge: MfaChallenge, rememberMe: boolean) => void }) {
  const { t } = useTranslation();
  const login = useAuthStore((state) => state.login);
  const startSession = useAuthStore((state) => state.startSession);
  const signedInUser = useAuthStore((state) => state.user);
  const finish = useFinishSignIn();
  const form = useForm(LoginBody, { email: "", password: "", rememberMe: false as boolean });
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const submit = form.onSubmit(async (data) => {
    const outcome = await login(data);
    if (outcome.kind === "mfa") onMfa(outcome.challenge, data.rememberMe);
    else finish();
  });

  const signInPasskey = async () => {
    form.setFormError(null);
    setPasskeyBusy(true);
    try {
      startSession(await signInWithPasskey({ rememberMe: form.values.rememberMe }));
      finish();
    } catch (error) {
      if (error instanceof PasskeyUnavailable) {
        form.setFormError(t(`auth.passkey.${error.reason}`));
      } else {
        form.setFormError(errorText(t, error));
      }
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <FormPanel title={t("auth.login.title")} lead={t("auth.login.lead")} testId="auth-login">
      {signedInUser ? (
        <div className="mb-5 flex flex-col gap-2 rounded-xl bg-surface-muted p-4 text-sm text-fg">
          <p>{t("auth.login.alreadySignedIn", { name: signedInUser.username })}</p>
          <ButtonLink to="/dashboard" variant="secondary" className="self-start">
            {t("auth.login.continue")}
          </ButtonLink>
        </div>
      ) : null}
      <PanelForm form={form} onSubmit={submit} testPrefix="login" texts="auth.login">
        <TextField
          label={t("auth.login.email")}
          name="email"
          testId="login-email"
          autoComplete="username webauthn"
          dir="ltr"
          {...form.field("email")}
        />
        <PasswordField
          label={t("auth.login.password")}
          name="password"
          testId="login-password"
          {...form.field("password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField
            label={t("auth.login.rememberMe")}
            testId="login-remember-me"
            checked={form.values.rememberMe}
            onChange={(event) => form.set("rememberMe", event.target.checked)}
          />
          <Link
            to="/auth/forgot-password"
            data-testid="login-forgot-password"
            className="text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            {t("auth.login.forgot")}
          </Link>
        </div>
      </PanelForm>

      <div className="my-5 flex items-center gap-3 text-sm text-fg-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        <span>{t("auth.or")}</span>
        <span className="h-px flex-1 bg-border" />
      </div>

      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          data-testid="login-passkey"
          onClick={() => void signInPasskey()}
          disabled={passkeyBusy}
        >
          <Icon name="key" className="size-4" />
          {passkeyBusy ? t("auth.passkey.working") : t("auth.login.passkey")}
        </Button>
        <OAuthButtons />
      </div>

      <OtherFormLink
        question={t("auth.login.noAccount")}
        label={t("auth.login.registerLink")}
        to="/auth/register"
        testId="login-register-link"
      />
    </FormPanel>
  );
}

/** One button per configured provider; none when the server has none. */
function OAuthButtons() {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ["oauth-providers"],
    queryFn: ({ signal }) => authScreensApi.oauthProviders(signal),
    staleTime: 10 * 60_000,
  });
  if (!providers.data || providers.data.length === 0) return null;
  const redirect = readStorage(STORAGE_KEYS.redirectAfterLogin) ?? "/dashboard";
  return (
    <>
      {providers.data.map((provider) => (
        // A full page navigation: the server redirects to the provider (no third-party script).
        <a
          key={provider.id}
          href={oauthStartUrl(provider.id, redirect)}
          data-testid={`login-oauth-${provider.id}`}
          className={buttonClasses("secondary")}
        >
          {t("auth.login.oauth", { provider: provider.label })}
        </a>
      ))}
    </>
  );
}
