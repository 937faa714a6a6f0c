// The dashboard's recent activity: the user's signal stream, newest first, a page at a time.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { signalKindText, signalSourceText } from "../../lib/server-words";
import { Badge, type BadgeTone } from "../../ui/badge";
import { Pager, usePagerTexts } from "../../ui/paged-list";
import { ACTIVITY_PAGE_SIZE, useActivity } from "./api";
import { AllLink, QueryPanel } from "./dashboard-panel";

const TONE: Record<string, BadgeTone> = {
  info: "neutral",
  warning: "warning",
  error: "warning",
  critical: "warning",
};

export function ActivityPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pagerTexts = usePagerTexts("home.activity.pager");
  const activity = useActivity(page);
  const date = useDateFormat();
  const total = activity.data?.total ?? 0;
  const items = activity.data?.items ?? [];
  return (
    <QueryPanel
      section="activity"
      query={activity}
      isEmpty={items.length === 0}
      className={className}
      action={<AllLink section="activity" to="/signals" />}
      empty={<p className="text-fg-muted">{t("home.activity.empty")}</p>}
    >
      <ul className="flex flex-col divide-y divide-border" data-testid="dashboard-activity-list">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <Badge tone={TONE[item.severity] ?? "neutral"}>
              {t(`home.activity.severity.${severityKey(item.severity)}`)}
            </Badge>
            <span className="font-semibold text-fg" dir="auto">
              {signalKindText(t, item.kind)}
            </span>
            <span className="text-sm text-fg-muted" dir="auto">
              {signalSourceText(t, item.source)}
            </span>
            <time className="ms-auto text-sm text-fg-muted" dateTime={item.createdAt}>
              {date(item.createdAt)}
            </time>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={ACTIVITY_PAGE_SIZE}
        total={total}
        onPage={setPage}
        busy={activity.isFetching}
        testId="dashboard-activity-pager"
        texts={pagerTexts}
      />
    </QueryPanel>
  );
}

function severityKey(severity: string): "info" | "warning" | "error" | "critical" {
  return severity === "warning" || severity === "error" || severity === "critical"
    ? severity
    : "info";
}
