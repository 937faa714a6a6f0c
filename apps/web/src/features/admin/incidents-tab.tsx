// The security incidents tab: by status and activity/address search, newest first; a drawer shows one in full.
import { INCIDENT_STATUSES } from "@aacos/domain/admin-console";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useDebounced } from "../../lib/use-debounced";
import { Badge } from "../../ui/badge";
import { usePage } from "../../ui/paged-list";
import { adminApi, adminKeys } from "./api";
import { CodeBlock, DetailList } from "./confirm-dialog";
import { ConsoleSearch, StatusSelect } from "./console-tab";
import { ResolvableTab, useStatusRow } from "./resolve-drawer";

const PAGE_SIZE = 25;
type Status = (typeof INCIDENT_STATUSES)[number];

export function IncidentsTab() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const [status, setStatus] = useState<Status>("open");
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), 300);
  const [page, setPage] = usePage([status, search]);
  const params = { status, search, page, pageSize: PAGE_SIZE };
  const statusRow = useStatusRow();

  return (
    <ResolvableTab
      title={t("adminConsole.incidents.title")}
      testId="admin-incidents"
      itemTestId="admin-incident"
      source={{
        queryKey: adminKeys.incidents(params),
        listKey: adminKeys.allIncidents,
        fetchPage: (signal) => adminApi.incidents(params, signal),
        resolveOne: adminApi.resolveIncident,
      }}
      filters={
        <div className="grid gap-3 sm:grid-cols-[15rem_20rem]">
          <StatusSelect
            statuses={INCIDENT_STATUSES}
            testId="admin-incidents-status"
            value={status}
            onChange={setStatus}
          />
          <ConsoleSearch
            label={t("adminConsole.incidents.search")}
            testId="admin-incidents-search"
            value={typed}
            onChange={setTyped}
          />
        </div>
      }
      empty={{
        icon: "shield",
        title:
          search === "" ? t(`adminConsole.incidents.empty.${status}`) : t("adminConsole.noMatch"),
        body: t("adminConsole.incidents.emptyBody"),
      }}
      paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
      drawerTitle={(open) => open.activity}
      detail={(open) => (
        <>
          <DetailList
            rows={[
              [t("adminConsole.incidents.source"), open.source],
              [t("adminConsole.incidents.occurrences"), String(open.count)],
              [t("adminConsole.incidents.user"), open.username ?? open.userId ?? "—"],
              [t("adminConsole.incidents.address"), open.ip ?? "—", "ltr"],
              [t("adminConsole.incidents.created"), formatDate(open.createdAt)],
              statusRow(open.resolvedAt),
            ]}
          />
          <h3 className="font-semibold text-fg">{t("adminConsole.incidents.data")}</h3>
          <CodeBlock>{JSON.stringify(open.data, null, 2)}</CodeBlock>
        </>
      )}
      resolvable={(open) => open.status === "open"}
      row={(item) => (
        <>
          <span className="font-semibold text-fg" dir="ltr">
            {item.activity}
          </span>
          <Badge tone={item.status === "open" ? "warning" : "success"}>
            {t(`adminConsole.statuses.${item.status === "open" ? "open" : "resolved"}`)}
          </Badge>
          <span className="text-sm text-fg-muted">
            {t("adminConsole.incidents.count", { count: item.count })}
          </span>
          <span className="ms-auto text-xs text-fg-muted">{formatDate(item.createdAt)}</span>
        </>
      )}
    />
  );
}
