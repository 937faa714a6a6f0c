// "Reload to update": shown when a new service worker (a new app version) is installed and waiting.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { applyAppUpdate, useAppUpdate } from "../lib/service-worker-client";
import { NoticeBanner } from "../ui/notice-banner";

export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useAppUpdate((state) => state.waiting);
  const [dismissed, setDismissed] = useState<ServiceWorker | null>(null);
  if (waiting === null || waiting === dismissed) return null;
  return (
    <NoticeBanner
      tone="info"
      testId="update-prompt"
      action={
        <span className="flex gap-2">
          <button
            type="button"
            data-testid="update-reload"
            onClick={applyAppUpdate}
            className="rounded-lg bg-white px-3 py-1 font-bold text-info underline-offset-2 hover:underline dark:bg-background dark:text-fg"
          >
            {t("update.reload")}
          </button>
          <button
            type="button"
            data-testid="update-later"
            onClick={() => setDismissed(waiting)}
            className="rounded-lg px-3 py-1 underline underline-offset-2"
          >
            {t("update.later")}
          </button>
        </span>
      }
    >
      {t("update.message")}
    </NoticeBanner>
  );
}
