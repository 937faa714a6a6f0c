// How mail and AI are connected, with a button each that tries them for real and shows what came back.
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { translateError } from "../../lib/messages";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { type AdminSettings, type CheckResult, settingsApi } from "./api";

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

export function ServicesSection({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const headingId = useId();
  const smtp = useMutation({ mutationFn: settingsApi.testSmtp });
  const ai = useMutation({ mutationFn: settingsApi.testAi });
  return (
    <Card
      aria-labelledby={headingId}
      className="flex flex-col gap-5"
      data-testid="settings-services"
    >
      <h2 id={headingId} className="text-xl font-bold text-fg">
        {t("adminSettings.services.title")}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <section className="flex flex-col gap-3" data-testid="smtp-status">
          <h3 className="font-semibold text-fg">{t("adminSettings.services.smtp")}</h3>
          <p className="text-sm text-fg-muted">
            {settings.smtp.configured && settings.smtp.server !== null
              ? t("adminSettings.services.smtpConfigured", { server: settings.smtp.server })
              : t("adminSettings.services.smtpNotConfigured")}
          </p>
          <p className="text-sm text-fg-muted" dir="auto">
            {t("adminSettings.services.from", { from: settings.smtp.from })}
          </p>
          <div>
            <Button
              variant="secondary"
              data-testid="test-smtp"
              disabled={smtp.isPending}
              onClick={() => smtp.mutate()}
            >
              {smtp.isPending
                ? t("adminSettings.services.testing")
                : t("adminSettings.services.testSmtp")}
            </Button>
          </div>
          <CheckOutcome result={smtp.data} error={smtp.error} testId="test-smtp-result" />
        </section>
        <section className="flex flex-col gap-3" data-testid="ai-status">
          <h3 className="font-semibold text-fg">{t("adminSettings.services.ai")}</h3>
          <p className="text-sm text-fg-muted">
            {settings.ai.provider === "openai-compatible"
              ? t("adminSettings.services.aiConfigured", {
                  model: settings.ai.model ?? "",
                  server: settings.ai.server ?? "",
                })
              : t("adminSettings.services.aiOffline")}
          </p>
          <div>
            <Button
              variant="secondary"
              data-testid="test-ai"
              disabled={ai.isPending}
              onClick={() => ai.mutate()}
            >
              {ai.isPending
                ? t("adminSettings.services.testing")
                : t("adminSettings.services.testAi")}
            </Button>
          </div>
          <CheckOutcome result={ai.data} error={ai.error} testId="test-ai-result" />
        </section>
      </div>
    </Card>
  );
}
