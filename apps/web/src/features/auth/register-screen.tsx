// /auth/register: email, username and password with live hints; the domain's messages before submit, the server's after.
import { RegisterBody } from "@aacos/domain/validation";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { usePublicSettings } from "../../lib/public-settings";
import { useForm } from "../../lib/use-form";
import { AccountFields } from "../../ui/account-fields";
import { FormAlert } from "../../ui/form-alert";
import { FormPanel, PanelForm } from "../../ui/form-panel";
import { useFinishSignIn } from "./finish-sign-in";
import { OtherFormLink } from "./other-form-link";

export function RegisterScreen() {
  const { t } = useTranslation();
  const register = useAuthStore((state) => state.register);
  const finish = useFinishSignIn();
  const form = useForm(RegisterBody, { email: "", username: "", password: "" });
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
      <PanelForm
        form={form}
        onSubmit={submit}
        testPrefix="register"
        texts="auth.register"
        disabled={closed}
        notice={
          closed ? (
            <FormAlert testId="registration-closed">
              {t("adminSettings.registrationClosed")}
            </FormAlert>
          ) : null
        }
      >
        <AccountFields field={form.field} testPrefix="register" />
      </PanelForm>
      <OtherFormLink
        question={t("auth.register.haveAccount")}
        label={t("auth.register.signInLink")}
        to="/auth/login"
        testId="register-login-link"
      />
    </FormPanel>
  );
}
