// Profile: display name, username, time zone and interface language (PATCH /api/auth/profile).
import { ProfileBody } from "@aacos/domain/validation";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../lib/auth-api";
import { useAuthStore } from "../../lib/auth-store";
import { applyLanguage, isLanguage } from "../../lib/i18n";
import { type FieldBinding, schemaOfValues, useForm } from "../../lib/use-form";
import { useLanguage } from "../../lib/use-language";
import { UsernameField } from "../../ui/account-fields";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { SelectField, TextField } from "../../ui/form-field";
import { SettingsSection } from "./settings-section";

type ProfileValues = { displayName: string; username: string; timeZone: string; locale: string };

/** An empty display name clears it (null); the rest is the domain's ProfileBody. */
const ProfileForm = schemaOfValues(ProfileBody, (values: ProfileValues) => ({
  ...values,
  displayName: values.displayName.trim() === "" ? null : values.displayName,
}));

function timeZones(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...zones])].sort();
}

export function ProfileSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const updateProfile = useAuthStore((state) => state.updateProfile);
  const [saved, setSaved] = useState(false);
  const initialZone = user.timeZone ?? "UTC";
  const zones = useMemo(() => timeZones(initialZone), [initialZone]);
  const form = useForm(ProfileForm, {
    displayName: user.displayName ?? "",
    username: user.username,
    timeZone: initialZone,
    locale: isLanguage(user.locale) ? user.locale : language,
  });

  const submit = form.onSubmit(async (data) => {
    setSaved(false);
    const updated = await updateProfile(data);
    if (isLanguage(updated.locale)) applyLanguage(updated.locale);
    setSaved(true);
  });

  /** A field's form binding; an edit takes the "saved" notice back. */
  const field = (name: keyof ProfileValues): FieldBinding => {
    const binding = form.field(name);
    return {
      ...binding,
      onChange: (event) => {
        setSaved(false);
        binding.onChange(event);
      },
    };
  };

  return (
    <SettingsSection title={t("settings.profile.title")} testId="settings-profile">
      <form noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        {form.formError ? (
          <div className="md:col-span-2">
            <FormAlert testId="profile-error" announceOnly={form.formErrorEchoesField}>
              {form.formError}
            </FormAlert>
          </div>
        ) : null}
        {saved ? (
          <div className="md:col-span-2">
            <FormNotice testId="profile-saved">{t("settings.profile.saved")}</FormNotice>
          </div>
        ) : null}
        <TextField
          label={t("settings.profile.displayName")}
          name="displayName"
          testId="profile-display-name"
          autoComplete="name"
          dir="auto"
          {...field("displayName")}
        />
        <UsernameField
          label={t("settings.profile.username")}
          testId="profile-username"
          binding={field("username")}
        />
        <SelectField
          label={t("settings.profile.timeZone")}
          name="timeZone"
          testId="profile-time-zone"
          hint={t("settings.profile.timeZoneHint")}
          dir="ltr"
          {...field("timeZone")}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("settings.profile.language")}
          name="locale"
          testId="profile-language"
          {...field("locale")}
        >
          <option value="he" lang="he">
            עברית
          </option>
          <option value="en" lang="en">
            English
          </option>
        </SelectField>
        <div className="md:col-span-2">
          <Button type="submit" data-testid="profile-save" disabled={form.submitting}>
            {form.submitting ? t("common.saving") : t("settings.profile.save")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
