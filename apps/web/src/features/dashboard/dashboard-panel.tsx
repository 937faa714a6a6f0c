// One titled panel of the dashboard: the heading (with an optional action) and its body in the loading, error,
// empty or filled state, so every panel tells the user the same things the same way.
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { Loader } from "../../ui/loader";
import { RetryAlert } from "../../ui/retry-alert";

export type PanelState = "loading" | "error" | "empty" | "ready";

export function DashboardPanel({
  title,
  testId,
  state,
  loadingText,
  errorText,
  empty,
  onRetry,
  action,
  className = "",
  children,
}: {
  title: string;
  testId: string;
  state: PanelState;
  loadingText: string;
  errorText: string;
  /** What shows when there is nothing yet (an honest empty state with the next step). */
  empty?: ReactNode;
  onRetry: () => void;
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card className={`flex min-w-0 flex-col gap-3 ${className}`}>
      <section
        aria-labelledby={headingId}
        aria-busy={state === "loading"}
        data-testid={testId}
        data-state={state}
        className="flex flex-1 flex-col gap-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold text-fg">
            {title}
          </h2>
          {action}
        </div>
        {state === "loading" ? (
          <Loader message={loadingText} />
        ) : state === "error" ? (
          <RetryAlert
            message={errorText}
            onRetry={onRetry}
            retryLabel={t("home.retry")}
            stacked
            testId={`${testId}-error`}
          />
        ) : state === "empty" ? (
          <div data-testid={`${testId}-empty`}>{empty}</div>
        ) : (
          children
        )}
      </section>
    </Card>
  );
}

/**
 * A panel fed by one query whose texts stand under `home.<section>` (title, loading, error) and whose test id is
 * `dashboard-<section>`: its state follows the query, and Retry fetches it again.
 */
export function QueryPanel({
  section,
  query,
  isEmpty,
  empty,
  action,
  className,
  children,
}: {
  section: "activity" | "alerts" | "progress" | "universes";
  query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  isEmpty: boolean;
  empty?: ReactNode;
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DashboardPanel
      title={t(`home.${section}.title`)}
      testId={`dashboard-${section}`}
      state={panelState(query, isEmpty)}
      loadingText={t(`home.${section}.loading`)}
      errorText={t(`home.${section}.error`)}
      onRetry={() => void query.refetch()}
      className={className}
      action={action}
      empty={empty}
    >
      {children}
    </DashboardPanel>
  );
}

/** A panel's ghost link to its section's own page, labelled `home.<section>.all`. */
export function AllLink({
  section,
  to,
}: {
  section: "activity" | "alerts" | "universes";
  to: string;
}) {
  const { t } = useTranslation();
  return (
    <ButtonLink to={to} variant="ghost">
      {t(`home.${section}.all`)}
    </ButtonLink>
  );
}

/** The state of a panel fed by one query. */
function panelState(query: { isPending: boolean; isError: boolean }, isEmpty: boolean) {
  if (query.isPending) return "loading" as const;
  if (query.isError) return "error" as const;
  return isEmpty ? ("empty" as const) : ("ready" as const);
}
