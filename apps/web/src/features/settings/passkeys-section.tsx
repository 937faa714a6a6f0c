// Passkeys: the list (name, added, last used), adding a named one with the browser's ceremony, and removing one.
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { SubmitButton } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { settingsApi, settingsKeys } from "./api";
import { DeviceItem, SectionItems, SettingsSection } from "./settings-section";

class PasskeyCancelled extends Error {}

export function PasskeysSection() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const queryClient = useQueryClient();
  const supported = browserSupportsWebAuthn();
  const [name, setName] = useState("");
  const [notice, setNotice] = useState<"added" | "removed" | null>(null);
  const passkeys = useQuery({
    queryKey: settingsKeys.passkeys,
    queryFn: ({ signal }) => settingsApi.passkeys(signal),
  });

  const add = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await settingsApi.passkeyRegistrationOptions();
      let response: Awaited<ReturnType<typeof startRegistration>>;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch {
        throw new PasskeyCancelled(t("auth.passkey.cancelled"));
      }
      const label = name.trim() || t("settings.passkeys.defaultName");
      return settingsApi.registerPasskey({ challengeId, response, name: label.slice(0, 60) });
    },
    onMutate: () => setNotice(null),
    onSuccess: () => {
      setName("");
      setNotice("added");
      void queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys });
    },
  });

  const remove = useMutation({
    mutationFn: settingsApi.removePasskey,
    onMutate: () => setNotice(null),
    onSuccess: () => {
      setNotice("removed");
      void queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys });
    },
  });

  const failure = add.error ?? remove.error;

  return (
    <SettingsSection
      title={t("settings.passkeys.title")}
      lead={t("settings.passkeys.lead")}
      testId="settings-passkeys"
    >
      {notice ? (
        <FormNotice testId="passkeys-notice">{t(`settings.passkeys.${notice}`)}</FormNotice>
      ) : null}
      {failure ? (
        <FormAlert testId="passkeys-error">
          {failure instanceof PasskeyCancelled ? failure.message : errorText(t, failure)}
        </FormAlert>
      ) : null}
      <SectionItems
        query={passkeys}
        empty={t("settings.passkeys.empty")}
        emptyTestId="passkeys-empty"
      >
        {(items) => (
          <ul className="flex flex-col divide-y divide-border" data-testid="passkeys-list">
            {items.map((passkey) => (
              <DeviceItem
                key={passkey.id}
                testId="passkey-item"
                icon="key"
                iconClassName="text-accent-text"
                name={
                  <p className="font-semibold text-fg" dir="auto" data-testid="passkey-name">
                    {passkey.name}
                  </p>
                }
                detail={
                  <>
                    {t("settings.passkeys.created", { date: formatDate(passkey.createdAt) })}
                    {" · "}
                    {passkey.lastUsedAt
                      ? t("settings.passkeys.lastUsed", { date: formatDate(passkey.lastUsedAt) })
                      : t("settings.passkeys.neverUsed")}
                  </>
                }
                removal={{
                  label: t("settings.passkeys.remove"),
                  ariaLabel: t("settings.passkeys.removeLabel", { name: passkey.name }),
                  testId: "passkey-remove",
                  pending: remove.isPending,
                  onRemove: () => remove.mutate(passkey.id),
                }}
              />
            ))}
          </ul>
        )}
      </SectionItems>
      {supported ? (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <div className="sm:w-72">
            <TextField
              label={t("settings.passkeys.name")}
              hint={t("settings.passkeys.nameHint")}
              name="passkeyName"
              testId="passkey-name-input"
              dir="auto"
              maxLength={60}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <SubmitButton
            data-testid="passkey-add"
            busy={add.isPending}
            busyLabel={t("settings.passkeys.adding")}
            className="sm:mb-7"
          >
            {t("settings.passkeys.add")}
          </SubmitButton>
        </form>
      ) : (
        <p className="text-sm text-fg-muted">{t("auth.passkey.unsupported")}</p>
      )}
    </SettingsSection>
  );
}
