// Every firing of the user's rules, newest first, by page: rule, trigger, due time, status, tokens, duration, details.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { storedErrorText } from "../../lib/messages";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Pager, usePagerTexts } from "../../ui/paged-list";
import { TableHead } from "../../ui/table-head";
import { TitledSection } from "../../ui/titled-section";
import { autonomousApi, autonomousKeys, HISTORY_PAGE_SIZE } from "./api";
import { LoadFailed } from "./load-failed";
import { STATUS_TONES } from "./rule-list";

const ACTIVE = new Set(["queued", "running"]);

/** The table's columns; the figures line up at the end. */
const COLUMNS = ["rule", "trigger", "due", "status", "tokens", "duration", "details"] as const;
const END_ALIGNED: ReadonlySet<string> = new Set(["tokens", "duration"]);

export function ExecutionHistory() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const [page, setPage] = useState(1);
  const pagerTexts = usePagerTexts("autonomous.history.pager");
  const history = useQuery({
    queryKey: autonomousKeys.history(page),
    queryFn: ({ signal }) => autonomousApi.history(page, signal),
    placeholderData: keepPreviousData,
    // While a run is queued or running, look again soon.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => ACTIVE.has(item.status)) ? 1500 : 60_000,
  });

  return (
    <TitledSection
      title={t("autonomous.history.title")}
      action={
        <Button
          variant="ghost"
          className="ms-auto"
          onClick={() => void history.refetch()}
          data-testid="history-refresh"
        >
          {t("autonomous.history.refresh")}
        </Button>
      }
      className="mt-10"
      testId="history"
    >
      {history.isPending ? (
        <p role="status" className="text-fg-muted">
          {t("autonomous.loading")}
        </p>
      ) : history.isError ? (
        <LoadFailed onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-border bg-surface px-4 py-6 text-center text-fg-muted"
          data-testid="history-empty"
        >
          {t("autonomous.history.empty")}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl border border-border bg-surface">
            <table className="w-full min-w-[44rem] text-sm">
              <TableHead
                className="bg-surface-muted text-start text-fg-muted"
                columns={COLUMNS}
                label={(column) => t(`autonomous.history.${column}`)}
                cellClassName={(column) =>
                  `px-3 py-2 ${END_ALIGNED.has(column) ? "text-end" : "text-start"} font-semibold`
                }
              />
              <tbody>
                {history.data.items.map((item) => (
                  <tr
                    key={item.id}
                    className="border-t border-border align-top"
                    data-testid="history-row"
                    data-status={item.status}
                  >
                    <td className="px-3 py-2 font-semibold text-fg" dir="auto">
                      {item.ruleName}
                    </td>
                    <td className="px-3 py-2 text-fg">
                      {t(`autonomous.history.triggers.${item.trigger}`)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-fg">
                      {formatDate(item.dueAt)}
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={STATUS_TONES[item.status]}>
                        {t(`autonomous.status.${item.status}`)}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums text-fg">{item.tokens}</td>
                    <td className="px-3 py-2 text-end tabular-nums text-fg">
                      {t("autonomous.history.durationMs", { ms: item.durationMs })}
                    </td>
                    <td className="max-w-xs px-3 py-2 text-fg-muted">
                      {item.error || item.errorCode ? (
                        <span className="text-error">
                          {storedErrorText(t, item.errorCode, "unknownRun")}
                        </span>
                      ) : item.detail.entityNames.length > 0 ? (
                        t(
                          item.status === "dry_run"
                            ? "autonomous.history.wouldSend"
                            : "autonomous.history.sentTo",
                          { entities: item.detail.entityNames.join(", ") },
                        )
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3">
            <Pager
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              total={history.data.total}
              onPage={setPage}
              testId="history-pager"
              texts={pagerTexts}
            />
          </div>
        </>
      )}
    </TitledSection>
  );
}
