// Two-factor sign-in: set up with a QR code or the key, confirm with a code, keep the recovery codes, turn off with a code.
import { MfaDisableBody } from "@aacos/domain/validation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { errorText } from "../../lib/messages";
import { saveFile } from "../../lib/save-file";
import { useCopy } from "../../lib/use-copy";
import { useForm } from "../../lib/use-form";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { settingsApi, settingsKeys, type TotpSetup } from "./api";
import { SectionLoadState, SettingsSection } from "./settings-section";

export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: settingsKeys.mfa,
    queryFn: ({ signal }) => settingsApi.mfaStatus(signal),
  });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // The key, not the text: a language switch re-renders the notice in the new language.
  const [notice, setNotice] = useState<"enabled" | "disabled" | null>(null);
  const enabled = status.data?.totp.enabled ?? false;

  return (
    <SettingsSection
      title={t("settings.twoFactor.title")}
      lead={enabled ? t("settings.twoFactor.onLead") : t("settings.twoFactor.offLead")}
      testId="settings-two-factor"
      aside={
        status.data ? (
          <Badge tone={enabled ? "success" : "neutral"}>
            <span data-testid="two-factor-status" data-enabled={enabled}>
              {enabled ? t("settings.twoFactor.statusOn") : t("settings.twoFactor.statusOff")}
            </span>
          </Badge>
        ) : null
      }
    >
      {notice ? (
        <FormNotice testId="two-factor-notice">{t(`settings.twoFactor.${notice}`)}</FormNotice>
      ) : null}
      <SectionLoadState query={status} />
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.data && !enabled ? (
        <TotpSetupFlow
          onEnabled={(codes) => {
            setNotice("enabled");
            setRecoveryCodes(codes);
          }}
        />
      ) : status.data && enabled ? (
        <DisableForm
          recoveryCodesLeft={status.data.recoveryCodesLeft}
          onDisabled={() => setNotice("disabled")}
        />
      ) : null}
    </SettingsSection>
  );
}

function TotpSetupFlow({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const start = useMutation({ mutationFn: settingsApi.startTotpSetup, onSuccess: setSetup });
  const form = useForm(MfaDisableBody, { code: "" });

  const confirm = form.onSubmit(async ({ code }) => {
    const result = await settingsApi.confirmTotp(code.replace(/\s/g, ""));
    await queryClient.invalidateQueries({ queryKey: settingsKeys.mfa });
    if (user) setUser({ ...user, mfaEnabled: true });
    onEnabled(result.recoveryCodes);
  });

  if (!setup) {
    return (
      <div className="flex flex-col items-start gap-3">
        {start.error ? (
          <FormAlert testId="two-factor-error">{errorText(t, start.error)}</FormAlert>
        ) : null}
        <Button
          data-testid="two-factor-enable"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          {t("settings.twoFactor.enable")}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-start">
      <img
        src={setup.qrCode}
        alt={t("settings.twoFactor.qrAlt")}
        data-testid="two-factor-qr"
        width={180}
        height={180}
        className="size-44 shrink-0 rounded-xl border border-border bg-white p-2"
      />
      <div className="flex flex-1 flex-col gap-4">
        <p className="text-fg">{t("settings.twoFactor.scan")}</p>
        <div>
          <p className="text-sm font-semibold text-fg">{t("settings.twoFactor.secret")}</p>
          <code
            dir="ltr"
            data-testid="two-factor-secret"
            className="mt-1 block break-all rounded-lg bg-surface-muted px-3 py-2 font-mono text-sm tracking-wider text-fg"
          >
            {setup.secret}
          </code>
        </div>
        <form noValidate onSubmit={confirm} className="flex max-w-xs flex-col gap-3">
          {form.formError ? (
            <FormAlert testId="two-factor-error" announceOnly={form.formErrorEchoesField}>
              {form.formError}
            </FormAlert>
          ) : null}
          <TextField
            label={t("settings.twoFactor.code")}
            name="code"
            testId="two-factor-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            dir="ltr"
            {...form.field("code")}
          />
          <div className="flex gap-2">
            <Button type="submit" data-testid="two-factor-confirm" disabled={form.submitting}>
              {t("settings.twoFactor.confirm")}
            </Button>
            <Button variant="ghost" data-testid="two-factor-cancel" onClick={() => setSetup(null)}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join("\n")}\n`;
  const [copied, copy] = useCopy(text);
  const download = () =>
    saveFile(new Blob([text], { type: "text/plain" }), "aacos-recovery-codes.txt");

  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-warning p-4"
      data-testid="recovery-codes"
    >
      <h3 className="text-lg font-bold text-fg">{t("settings.twoFactor.recoveryTitle")}</h3>
      <p className="text-sm text-fg-muted">{t("settings.twoFactor.recoveryLead")}</p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li
            key={code}
            data-testid="recovery-code"
            className="rounded-lg bg-surface-muted px-2 py-1.5 text-center text-fg"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" data-testid="recovery-copy" onClick={() => void copy()}>
          {t("settings.twoFactor.copy")}
        </Button>
        <Button variant="secondary" data-testid="recovery-download" onClick={download}>
          {t("settings.twoFactor.download")}
        </Button>
        <Button data-testid="recovery-done" onClick={onDone}>
          {t("settings.twoFactor.savedCodes")}
        </Button>
      </div>
      {copied === "copied" ? (
        <p role="status" className="text-sm text-success">
          {t("settings.twoFactor.copied")}
        </p>
      ) : null}
    </div>
  );
}

function DisableForm({
  recoveryCodesLeft,
  onDisabled,
}: {
  recoveryCodesLeft: number;
  onDisabled: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const form = useForm(MfaDisableBody, { code: "" });

  const submit = form.onSubmit(async ({ code }) => {
    await settingsApi.disableMfa(code.trim());
    form.reset();
    await queryClient.invalidateQueries({ queryKey: settingsKeys.mfa });
    if (user) setUser({ ...user, mfaEnabled: false });
    onDisabled();
  });

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-fg" data-testid="recovery-codes-left">
        {t("settings.twoFactor.recoveryLeft", { count: recoveryCodesLeft })}
      </p>
      <p className="text-sm text-fg-muted">{t("settings.twoFactor.disableLead")}</p>
      <form noValidate onSubmit={submit} className="flex max-w-xs flex-col gap-3">
        {form.formError ? (
          <FormAlert testId="two-factor-error" announceOnly={form.formErrorEchoesField}>
            {form.formError}
          </FormAlert>
        ) : null}
        <TextField
          label={t("settings.twoFactor.disableCode")}
          name="code"
          testId="two-factor-disable-code"
          autoComplete="one-time-code"
          dir="ltr"
          {...form.field("code")}
        />
        <Button
          type="submit"
          variant="secondary"
          data-testid="two-factor-disable"
          disabled={form.submitting}
          className="self-start"
        >
          {t("settings.twoFactor.disable")}
        </Button>
      </form>
    </div>
  );
}
