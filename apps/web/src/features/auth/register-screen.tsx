// /auth/register: email, username and password with live hints; the domain's messages before submit, the server's after.
import { RegisterBody } from "@aacos/domain/validation";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { usePublicSettings } from "../../lib/public-settings";
import { useForm } from "../../lib/use-form";
import { usePasswordHints } from "../../lib/use-password-hints";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { FormPanel } from "../../ui/form-panel";
import { PasswordHints } from "../../ui/password-hints";
import { useFinishSignIn } from "./finish-sign-in";

export function RegisterScreen() {
  const { t } = useTranslation();
  const register = useAuthStore((state) => state.register);
  const finish = useFinishSignIn();
  const form = useForm(RegisterBody, { email: "", username: "", password: "" });
  const hints = usePasswordHints(form.values.password);
  // An admin may close registration (/admin/settings); the server refuses it then too.
  const closed = usePublicSettings().data?.registrationOpen === false;

  const submit = form.onSubmit(async (data) => {
    await register(data);
    finish();
  });

  return (
    <FormPanel
      title={t("auth.register.title")}
      lead={t("auth.register.lead")}
      testId="auth-register"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {closed ? (
          <FormAlert testId="registration-closed">
            {t("adminSettings.registrationClosed")}
          </FormAlert>
        ) : null}
        {form.formError ? <FormAlert testId="register-error">{form.formError}</FormAlert> : null}
        <TextField
          label={t("auth.register.email")}
          name="email"
          type="email"
          testId="register-email"
          autoComplete="email"
          dir="ltr"
          {...form.field("email")}
        />
        <TextField
          label={t("auth.register.username")}
          name="username"
          testId="register-username"
          autoComplete="username"
          dir="ltr"
          hint={t("auth.register.usernameHint")}
          {...form.field("username")}
        />
        <TextField
          label={t("auth.register.password")}
          name="password"
          type="password"
          testId="register-password"
          autoComplete="new-password"
          dir="ltr"
          hint={
            <PasswordHints
              title={t("auth.passwordHints.title")}
              hints={hints}
              metText={t("auth.passwordHints.met")}
              unmetText={t("auth.passwordHints.unmet")}
              testId="register-password-hints"
            />
          }
          {...form.field("password")}
        />
        <Button type="submit" data-testid="register-submit" disabled={form.submitting || closed}>
          {form.submitting ? t("auth.register.submitting") : t("auth.register.submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-fg-muted">
        {t("auth.register.haveAccount")}{" "}
        <Link
          to="/auth/login"
          data-testid="register-login-link"
          className="font-semibold text-accent-text underline-offset-4 hover:underline"
        >
          {t("auth.register.signInLink")}
        </Link>
      </p>
    </FormPanel>
  );
}
