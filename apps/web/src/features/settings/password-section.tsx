// Change password: the current one and a new one that meets the domain's rule (POST /api/auth/password).
import { ChangePasswordBody } from "@aacos/domain/validation";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "../../lib/use-form";
import { usePasswordHints } from "../../lib/use-password-hints";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { PasswordHints } from "../../ui/password-hints";
import { settingsApi, settingsKeys } from "./api";
import { SettingsSection } from "./settings-section";

export function PasswordSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm(ChangePasswordBody, { currentPassword: "", newPassword: "" });
  const hints = usePasswordHints(form.values.newPassword);
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
      <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
        {form.formError ? <FormAlert testId="password-error">{form.formError}</FormAlert> : null}
        {done ? (
          <FormNotice testId="password-changed">{t("settings.password.done")}</FormNotice>
        ) : null}
        <TextField
          label={t("settings.password.current")}
          name="currentPassword"
          type="password"
          testId="password-current"
          autoComplete="current-password"
          dir="ltr"
          {...form.field("currentPassword")}
        />
        <TextField
          label={t("settings.password.new")}
          name="newPassword"
          type="password"
          testId="password-new"
          autoComplete="new-password"
          dir="ltr"
          hint={
            <PasswordHints
              title={t("auth.passwordHints.title")}
              hints={hints}
              metText={t("auth.passwordHints.met")}
              unmetText={t("auth.passwordHints.unmet")}
              testId="password-new-hints"
            />
          }
          {...form.field("newPassword")}
        />
        <Button
          type="submit"
          data-testid="password-submit"
          disabled={form.submitting}
          className="self-start"
        >
          {form.submitting ? t("common.saving") : t("settings.password.submit")}
        </Button>
      </form>
    </SettingsSection>
  );
}
