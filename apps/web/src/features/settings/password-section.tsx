// Change password: the current one and a new one that meets the domain's rule (POST /api/auth/password).
import { ChangePasswordBody } from "@aacos/domain/validation";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "../../lib/use-form";
import { FormNotice } from "../../ui/form-alert";
import { PanelForm } from "../../ui/form-panel";
import { NewPasswordField, PasswordField } from "../../ui/password-field";
import { settingsApi, settingsKeys } from "./api";
import { SettingsSection } from "./settings-section";

export function PasswordSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm(ChangePasswordBody, { currentPassword: "", newPassword: "" });
  const [done, setDone] = useState(false);

  const submit = form.onSubmit(async (data) => {
    setDone(false);
    await settingsApi.changePassword(data);
    form.reset();
    setDone(true);
    // Changing the password may end the other sessions.
    void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
  });

  return (
    <SettingsSection title={t("settings.password.title")} testId="settings-password">
      <PanelForm
        form={form}
        onSubmit={submit}
        testPrefix="password"
        texts="settings.password"
        className="max-w-md"
        submitClassName="self-start"
        notice={
          done ? (
            <FormNotice testId="password-changed">{t("settings.password.done")}</FormNotice>
          ) : null
        }
      >
        <PasswordField
          label={t("settings.password.current")}
          name="currentPassword"
          testId="password-current"
          {...form.field("currentPassword")}
        />
        <NewPasswordField
          label={t("settings.password.new")}
          name="newPassword"
          testId="password-new"
          {...form.field("newPassword")}
        />
      </PanelForm>
    </SettingsSection>
  );
}
