// The error reports tab: grouped browser errors, open or resolved, newest first; a drawer shows one in full.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { Badge } from "../../ui/badge";
import { usePage } from "../../ui/paged-list";
import { adminApi, adminKeys } from "./api";
import { CodeBlock, DetailList } from "./confirm-dialog";
import { StatusSelect } from "./console-tab";
import { ResolvableTab, useStatusRow } from "./resolve-drawer";

const PAGE_SIZE = 25;
const STATUSES = ["open", "resolved"] as const;

export function ErrorsTab() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("open");
  const [page, setPage] = usePage(status);
  const params = { status, page, pageSize: PAGE_SIZE };
  const statusRow = useStatusRow();

  return (
    <ResolvableTab
      title={t("adminConsole.errors.title")}
      testId="admin-errors"
      itemTestId="admin-error"
      source={{
        queryKey: adminKeys.errors(params),
        listKey: adminKeys.allErrors,
        fetchPage: (signal) => adminApi.errors(params, signal),
        resolveOne: adminApi.resolveError,
      }}
      filters={
        <div className="sm:w-60">
          <StatusSelect
            statuses={STATUSES}
            testId="admin-errors-status"
            value={status}
            onChange={setStatus}
          />
        </div>
      }
      empty={{
        icon: "check",
        title: t(`adminConsole.errors.empty.${status}`),
        body: t("adminConsole.errors.emptyBody"),
      }}
      paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
      drawerTitle={() => t("adminConsole.errors.detail")}
      detail={(open) => (
        <>
          <CodeBlock>{open.message}</CodeBlock>
          <DetailList
            rows={[
              [t("adminConsole.errors.type"), open.type ?? "—"],
              [t("adminConsole.errors.occurrences"), String(open.count)],
              [t("adminConsole.errors.firstSeen"), formatDate(open.firstSeenAt)],
              [t("adminConsole.errors.lastSeen"), formatDate(open.lastSeenAt)],
              [t("adminConsole.errors.release"), open.release ?? "—"],
              [t("adminConsole.errors.environment"), open.environment ?? "—"],
              [t("adminConsole.errors.user"), open.userId ?? "—"],
              statusRow(open.resolvedAt),
            ]}
          />
          {open.stack ? (
            <>
              <h3 className="font-semibold text-fg">{t("adminConsole.errors.stack")}</h3>
              <CodeBlock>{open.stack}</CodeBlock>
            </>
          ) : null}
          <h3 className="font-semibold text-fg">{t("adminConsole.errors.sample")}</h3>
          <CodeBlock>{JSON.stringify(open.sample, null, 2)}</CodeBlock>
        </>
      )}
      resolvable={(open) => open.resolvedAt === null}
      row={(item) => (
        <>
          <span className="min-w-0 flex-1 font-semibold break-words text-fg" dir="ltr">
            <span className="block text-start">{item.message}</span>
          </span>
          <Badge tone="neutral">{t("adminConsole.errors.count", { count: item.count })}</Badge>
          <span className="text-xs text-fg-muted">{formatDate(item.lastSeenAt)}</span>
        </>
      )}
    />
  );
}
