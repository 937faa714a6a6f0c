// Site switches: registration open or closed, and the maintenance banner every visitor and user sees.
import { MAINTENANCE_MESSAGE_MAX } from "@aacos/domain/catalog-overrides";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { translateError, translateField } from "../../lib/messages";
import { publicSettingsQuery } from "../../lib/public-settings";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextAreaField } from "../../ui/form-field";
import { Switch } from "../../ui/switch";
import { type AdminSettings, type SettingsReply, settingsApi, settingsKeys } from "./api";
import { SettingsCard } from "./settings-card";

export function SiteSection({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState(settings.maintenanceMessage ?? "");
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setMessage(settings.maintenanceMessage ?? ""), [settings.maintenanceMessage]);

  const applied = async (reply: SettingsReply, text: string) => {
    queryClient.setQueryData(settingsKeys.view, reply.settings);
    setNotice(text);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.history }),
      queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey }),
    ]);
  };
  const registration = useMutation({
    mutationFn: (open: boolean) => settingsApi.registration(open),
    onSuccess: (reply) => applied(reply, t("adminSettings.site.registrationSaved")),
  });
  const maintenance = useMutation({
    mutationFn: (text: string | null) => settingsApi.maintenance(text),
    onSuccess: (reply) =>
      applied(
        reply,
        reply.settings.maintenanceMessage === null
          ? t("adminSettings.site.maintenanceCleared")
          : t("adminSettings.site.maintenanceSaved"),
      ),
  });
  const error = registration.error ?? maintenance.error;
  const fieldError = isApiError(maintenance.error) ? maintenance.error.fields.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    maintenance.mutate(message.trim() === "" ? null : message);
  };

  return (
    <SettingsCard title={t("adminSettings.site.title")} testId="settings-site" gap="gap-5">
      <Switch
        checked={settings.registrationOpen}
        disabled={registration.isPending}
        onChange={(open) => {
          setNotice(null);
          registration.mutate(open);
        }}
        label={t("adminSettings.site.registration")}
        hint={
          settings.registrationOpen
            ? t("adminSettings.site.registrationOpenHint")
            : t("adminSettings.site.registrationClosedHint")
        }
        testId="registration-switch"
      />
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <TextAreaField
          label={t("adminSettings.site.maintenance")}
          hint={t("adminSettings.site.maintenanceHint")}
          error={fieldError ? translateField(t, fieldError) : undefined}
          dir="auto"
          rows={2}
          maxLength={MAINTENANCE_MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          testId="maintenance-input"
        />
        <p className="text-sm text-fg-muted" data-testid="maintenance-current">
          {settings.maintenanceMessage === null ? (
            t("adminSettings.site.none")
          ) : (
            <>
              {t("adminSettings.site.current")}{" "}
              <span dir="auto" className="font-semibold text-fg">
                {settings.maintenanceMessage}
              </span>
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" data-testid="save-maintenance" disabled={maintenance.isPending}>
            {t("adminSettings.site.saveMaintenance")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            data-testid="clear-maintenance"
            disabled={maintenance.isPending || settings.maintenanceMessage === null}
            onClick={() => {
              setNotice(null);
              setMessage("");
              maintenance.mutate(null);
            }}
          >
            {t("adminSettings.site.clearMaintenance")}
          </Button>
        </div>
      </form>
      {notice ? <FormNotice testId="site-saved">{notice}</FormNotice> : null}
      {error && !fieldError ? (
        <FormAlert>
          {isApiError(error) ? translateError(t, error) : t("adminSettings.loadFailed")}
        </FormAlert>
      ) : null}
    </SettingsCard>
  );
}
