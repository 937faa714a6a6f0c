// The dashboard's open alerts: the newest few with their suggested action, and a way to the alerts screen.
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { alertTexts, severityText } from "../../lib/server-words";
import { useFormatters } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { useOpenAlerts } from "./api";
import { AllLink, QueryPanel } from "./dashboard-panel";

export function AlertsPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const alerts = useOpenAlerts();
  const date = useDateFormat();
  const format = useFormatters();
  const items = alerts.data ?? [];
  return (
    <QueryPanel
      section="alerts"
      query={alerts}
      isEmpty={items.length === 0}
      className={className}
      action={<AllLink section="alerts" to="/alerts" />}
      empty={<p className="text-fg-muted">{t("home.alerts.empty")}</p>}
    >
      <ul className="flex flex-col gap-2" data-testid="dashboard-alert-list">
        {items.map((alert) => {
          const texts = alertTexts(t, alert, format.number);
          return (
            <li key={alert.id} className="rounded-xl border border-border px-3 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="warning">{severityText(t, alert.severity)}</Badge>
                <span className="font-semibold text-fg" dir="auto">
                  {texts.rule}
                </span>
                <time className="ms-auto text-xs text-fg-muted" dateTime={alert.createdAt}>
                  {date(alert.createdAt)}
                </time>
              </div>
              <p className="mt-1 text-sm text-fg" dir="auto">
                {texts.message}
              </p>
            </li>
          );
        })}
      </ul>
    </QueryPanel>
  );
}
