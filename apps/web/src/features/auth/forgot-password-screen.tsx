// /auth/forgot-password: asks for a reset link; the answer is the same whether or not the address has an account.
import { ResetPasswordBody } from "@aacos/domain/validation";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "../../lib/use-form";
import { ButtonLink } from "../../ui/button";
import { FormNotice } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { FormPanel, PanelForm, PanelOutcome } from "../../ui/form-panel";
import { authScreensApi } from "./api";

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const form = useForm(ResetPasswordBody, { email: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(async (data) => {
    await authScreensApi.requestReset(data.email);
    setSentTo(data.email);
  });

  return (
    <FormPanel title={t("auth.forgot.title")} lead={t("auth.forgot.lead")} testId="auth-forgot">
      {sentTo ? (
        <PanelOutcome
          message={
            <FormNotice testId="forgot-sent">{t("auth.forgot.sent", { email: sentTo })}</FormNotice>
          }
          to="/auth/login"
          linkVariant="secondary"
          linkTestId="forgot-back"
          linkLabel={t("auth.forgot.back")}
        />
      ) : (
        <PanelForm
          form={form}
          onSubmit={submit}
          testPrefix="forgot"
          texts="auth.forgot"
          footer={
            <ButtonLink to="/auth/login" variant="ghost" data-testid="forgot-back">
              {t("auth.forgot.back")}
            </ButtonLink>
          }
        >
          <TextField
            label={t("auth.forgot.email")}
            name="email"
            type="email"
            testId="forgot-email"
            autoComplete="email"
            dir="ltr"
            {...form.field("email")}
          />
        </PanelForm>
      )}
    </FormPanel>
  );
}
