// docs/product.md §2's error screen: the friendly message, the component name, reload / home / details / copy / report by mail,
// and the persistent form after more than 3 errors within the hour.
import { useId, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_CONFIG } from "../lib/app-config";
import { isPersistentError } from "../lib/error-count";
import { useCopy } from "../lib/use-copy";
import { Button, buttonClasses } from "../ui/button";
import { revealApp } from "./prerender-handoff";

export interface ErrorScreenProps {
  error: unknown;
  /** The component that failed, when known. */
  componentName?: string | null;
  /** How many errors this session has seen within the hour (this one included). */
  occurrences: number;
  /** false for the root boundary: no details on screen, but the report option stays. */
  showDetails?: boolean;
  /** Fill the viewport (outside the shell) or the shell's main area. */
  fullScreen?: boolean;
}

/** The error as text to copy or mail: V8 stacks start with the message, other engines' do not. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const stack = error.stack ?? "";
  return stack.includes(error.message) ? stack : `${error.name}: ${error.message}\n${stack}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ErrorScreen({
  error,
  componentName = null,
  occurrences,
  showDetails = true,
  fullScreen = false,
}: ErrorScreenProps) {
  // An error before the shell ever committed must not stay behind a pre-rendered page (docs/decisions/172).
  useLayoutEffect(revealApp, []);
  const { t } = useTranslation();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const headingId = useId();
  const persistent = isPersistentError(occurrences);
  const text = [
    componentName ? `Component: ${componentName}` : null,
    `URL: ${window.location.href}`,
    `Time: ${new Date().toISOString()}`,
    "",
    errorText(error),
  ]
    .filter((line) => line !== null)
    .join("\n");

  const [copyState, copy] = useCopy(text);

  const subject = t("errorScreen.mailSubject", { message: errorMessage(error).slice(0, 80) });
  const body = `${t("errorScreen.mailIntro")}\n\n\n---\n${text}`.slice(0, 1800);
  const mailto = `mailto:${APP_CONFIG.supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;

  return (
    <section
      role="alert"
      aria-labelledby={headingId}
      data-testid="error-screen"
      data-persistent={persistent}
      className={`mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-16 text-center ${fullScreen ? "min-h-screen justify-center" : ""}`}
    >
      <h1 id={headingId} className="text-3xl font-extrabold text-fg">
        {persistent ? t("errorScreen.persistentTitle") : t("errorScreen.title")}
      </h1>
      <p className="max-w-lg text-fg-muted">
        {persistent ? t("errorScreen.persistentMessage") : t("errorScreen.message")}
      </p>
      {persistent ? (
        <p className="font-semibold text-error" data-testid="error-occurrences">
          {t("errorScreen.occurrences", { count: occurrences })}
        </p>
      ) : null}
      {componentName ? (
        <p className="text-sm text-fg-muted" data-testid="error-component">
          {t("errorScreen.component", { name: componentName })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        <Button data-testid="error-reload" onClick={() => window.location.reload()}>
          {t("errorScreen.reload")}
        </Button>
        {/* A full page load: whatever broke is left behind with the old page state. */}
        <a href="/" data-testid="error-home" className={buttonClasses("secondary")}>
          {t("errorScreen.home")}
        </a>
        <a href={mailto} data-testid="error-report" className={buttonClasses("secondary")}>
          {t("errorScreen.report")}
        </a>
      </div>
      {showDetails ? (
        <div className="flex w-full flex-col items-center gap-3">
          <div className="flex flex-wrap justify-center gap-3">
            <Button
              variant="ghost"
              aria-expanded={detailsOpen}
              aria-controls={detailsId}
              data-testid="error-toggle-details"
              onClick={() => setDetailsOpen((open) => !open)}
            >
              {detailsOpen ? t("errorScreen.hideDetails") : t("errorScreen.showDetails")}
            </Button>
            <Button variant="ghost" data-testid="error-copy" onClick={() => void copy()}>
              {t("errorScreen.copy")}
            </Button>
          </div>
          <p role="status" className="min-h-5 text-sm text-fg-muted">
            {copyState === "copied"
              ? t("errorScreen.copied")
              : copyState === "failed"
                ? t("errorScreen.copyFailed")
                : ""}
          </p>
          <pre
            id={detailsId}
            dir="ltr"
            hidden={!detailsOpen}
            data-testid="error-details"
            className="max-h-80 w-full overflow-auto rounded-xl bg-surface-muted p-4 text-start text-xs text-fg"
          >
            {text}
          </pre>
        </div>
      ) : null}
    </section>
  );
}
