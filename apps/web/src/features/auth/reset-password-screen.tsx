// /auth/reset-password?token=: sets a new password with the mailed link's token; an invalid link says so.
import { ResetPasswordConfirmBody } from "@aacos/domain/validation";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../lib/api-client";
import { translateField } from "../../lib/messages";
import { useForm } from "../../lib/use-form";
import { ButtonLink } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { FormPanel, PanelForm, PanelOutcome } from "../../ui/form-panel";
import { NewPasswordField } from "../../ui/password-field";
import { authScreensApi } from "./api";

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const form = useForm(ResetPasswordConfirmBody, { token, password: "" });
  const [done, setDone] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState<string | null>(null);

  const submit = form.onSubmit(async (data) => {
    try {
      await authScreensApi.confirmReset(data.token, data.password);
      setDone(true);
    } catch (error) {
      // fields.token means the link itself is bad: no new password will help.
      const tokenFailure = error instanceof ApiError ? error.fields.token : undefined;
      if (tokenFailure === undefined) throw error;
      setLinkInvalid(translateField(t, tokenFailure));
    }
  });

  if (token === "") {
    return (
      <FormPanel title={t("auth.reset.title")} testId="auth-reset">
        <PanelOutcome
          message={<FormAlert testId="reset-error">{t("auth.reset.missingToken")}</FormAlert>}
          to="/auth/forgot-password"
          linkTestId="reset-request-new"
          linkLabel={t("auth.reset.requestNew")}
        />
      </FormPanel>
    );
  }

  return (
    <FormPanel title={t("auth.reset.title")} lead={t("auth.reset.lead")} testId="auth-reset">
      {done ? (
        <PanelOutcome
          message={<FormNotice testId="reset-done">{t("auth.reset.done")}</FormNotice>}
          to="/auth/login"
          linkTestId="reset-sign-in"
          linkLabel={t("auth.reset.signIn")}
        />
      ) : (
        <PanelForm form={form} onSubmit={submit} testPrefix="reset" texts="auth.reset">
          {linkInvalid ? <FormAlert testId="reset-link-invalid">{linkInvalid}</FormAlert> : null}
          {linkInvalid ? (
            <ButtonLink
              to="/auth/forgot-password"
              variant="secondary"
              data-testid="reset-request-new"
            >
              {t("auth.reset.requestNew")}
            </ButtonLink>
          ) : null}
          <NewPasswordField
            label={t("auth.reset.password")}
            name="password"
            testId="reset-password"
            {...form.field("password")}
          />
        </PanelForm>
      )}
    </FormPanel>
  );
}
