// How mail and AI are connected, with a button each that tries them for real and shows what came back.
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { translateError } from "../../lib/messages";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { type AdminSettings, type CheckResult, settingsApi } from "./api";
import { SettingsCard } from "./settings-card";

function CheckOutcome({
  result,
  error,
  testId,
}: {
  result?: CheckResult;
  error: unknown;
  testId: string;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <FormAlert testId={testId}>
        {isApiError(error) ? translateError(t, error) : t("adminSettings.loadFailed")}
      </FormAlert>
    );
  }
  if (result === undefined) return null;
  const body = (
    <span className="flex flex-col gap-1">
      <span dir="auto">{t(`adminSettings.checks.${result.code}`, { ...result.values })}</span>
      {result.detail ? (
        <span dir="auto" className="font-normal">
          {t("adminSettings.services.reply", { reply: result.detail })}
        </span>
      ) : null}
    </span>
  );
  return result.ok ? (
    <FormNotice testId={testId}>{body}</FormNotice>
  ) : (
    <FormAlert testId={testId}>{body}</FormAlert>
  );
}

/** One service: its heading, what is configured, and the button that tries it with the outcome below. */
function ServiceCheck({
  service,
  run,
  children,
}: {
  service: "smtp" | "ai";
  run: () => Promise<CheckResult>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const check = useMutation({ mutationFn: run });
  const testId = service === "smtp" ? "test-smtp" : "test-ai";
  return (
    <section className="flex flex-col gap-3" data-testid={`${service}-status`}>
      <h3 className="font-semibold text-fg">{t(`adminSettings.services.${service}`)}</h3>
      {children}
      <div>
        <Button
          variant="secondary"
          data-testid={testId}
          disabled={check.isPending}
          onClick={() => check.mutate()}
        >
          {check.isPending
            ? t("adminSettings.services.testing")
            : t(
                service === "smtp"
                  ? "adminSettings.services.testSmtp"
                  : "adminSettings.services.testAi",
              )}
        </Button>
      </div>
      <CheckOutcome result={check.data} error={check.error} testId={`${testId}-result`} />
    </section>
  );
}

export function ServicesSection({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("adminSettings.services.title")} testId="settings-services" gap="gap-5">
      <div className="grid gap-6 md:grid-cols-2">
        <ServiceCheck service="smtp" run={settingsApi.testSmtp}>
          <p className="text-sm text-fg-muted">
            {settings.smtp.configured && settings.smtp.server !== null
              ? t("adminSettings.services.smtpConfigured", { server: settings.smtp.server })
              : t("adminSettings.services.smtpNotConfigured")}
          </p>
          <p className="text-sm text-fg-muted" dir="auto">
            {t("adminSettings.services.from", { from: settings.smtp.from })}
          </p>
        </ServiceCheck>
        <ServiceCheck service="ai" run={settingsApi.testAi}>
          <p className="text-sm text-fg-muted">
            {settings.ai.provider === "openai-compatible"
              ? t("adminSettings.services.aiConfigured", {
                  model: settings.ai.model ?? "",
                  server: settings.ai.server ?? "",
                })
              : t("adminSettings.services.aiOffline")}
          </p>
        </ServiceCheck>
      </div>
    </SettingsCard>
  );
}
