// The security incidents tab: by status and activity/address search, newest first; a drawer shows one in full.
import { INCIDENT_STATUSES } from "@aacos/domain/admin-console";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { useDebounced } from "../../lib/use-debounced";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { SelectField, TextField } from "../../ui/form-field";
import { PagedList, usePage } from "../../ui/paged-list";
import { adminApi, adminKeys, type Incident } from "./api";
import { CodeBlock, DetailDrawer, DetailList } from "./confirm-dialog";
import { useConsoleListTexts } from "./list-state";

const PAGE_SIZE = 25;
type Status = (typeof INCIDENT_STATUSES)[number];

export function IncidentsTab() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const headingId = useId();
  const queryClient = useQueryClient();
  const listTexts = useConsoleListTexts();
  const [status, setStatus] = useState<Status>("open");
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), 300);
  const [page, setPage] = usePage([status, search]);
  const [openId, setOpenId] = useState<string | null>(null);
  const params = { status, search, page, pageSize: PAGE_SIZE };
  const incidents = useQuery({
    queryKey: adminKeys.incidents(params),
    queryFn: ({ signal }) => adminApi.incidents(params, signal),
    placeholderData: keepPreviousData,
  });
  const resolve = useMutation({
    mutationFn: (id: string) => adminApi.resolveIncident(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "incidents"] }),
  });
  const open: Incident | undefined = incidents.data?.items.find((item) => item.id === openId);

  return (
    <Card>
      <section
        className="flex flex-col gap-4"
        aria-labelledby={headingId}
        data-testid="admin-incidents"
      >
        <h2 id={headingId} className="text-xl font-bold text-fg">
          {t("adminConsole.incidents.title")}
        </h2>
        <div className="grid gap-3 sm:grid-cols-[15rem_20rem]">
          <SelectField
            label={t("adminConsole.status")}
            testId="admin-incidents-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status);
            }}
          >
            {INCIDENT_STATUSES.map((name) => (
              <option key={name} value={name}>
                {t(`adminConsole.statuses.${name}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("adminConsole.incidents.search")}
            type="search"
            dir="auto"
            maxLength={100}
            testId="admin-incidents-search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <PagedList
          query={incidents}
          texts={listTexts}
          errorTestId="admin-incidents-error"
          empty={{
            icon: "shield",
            title:
              search === ""
                ? t(`adminConsole.incidents.empty.${status}`)
                : t("adminConsole.noMatch"),
            body: t("adminConsole.incidents.emptyBody"),
            testId: "admin-incidents-empty",
          }}
          paging={{ page, pageSize: PAGE_SIZE, onPage: setPage, testId: "admin-incidents-pager" }}
        >
          {(items) => (
            <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="flex w-full flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 text-start hover:bg-surface-muted"
                    onClick={() => setOpenId(item.id)}
                    data-testid="admin-incident-item"
                  >
                    <span className="font-semibold text-fg" dir="ltr">
                      {item.activity}
                    </span>
                    <Badge tone={item.status === "open" ? "warning" : "success"}>
                      {t(`adminConsole.statuses.${item.status === "open" ? "open" : "resolved"}`)}
                    </Badge>
                    <span className="text-sm text-fg-muted">
                      {t("adminConsole.incidents.count", { count: item.count })}
                    </span>
                    <span className="ms-auto text-xs text-fg-muted">
                      {formatDate(item.createdAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </section>
      {open ? (
        <DetailDrawer
          title={open.activity}
          onClose={() => setOpenId(null)}
          testId="admin-incident-drawer"
        >
          <DetailList
            rows={[
              [t("adminConsole.incidents.source"), open.source],
              [t("adminConsole.incidents.occurrences"), String(open.count)],
              [t("adminConsole.incidents.user"), open.username ?? open.userId ?? "—"],
              [
                t("adminConsole.incidents.address"),
                <span key="v1" dir="ltr">
                  {open.ip ?? "—"}
                </span>,
              ],
              [t("adminConsole.incidents.created"), formatDate(open.createdAt)],
              [
                t("adminConsole.status"),
                open.resolvedAt
                  ? t("adminConsole.resolvedAt", { when: formatDate(open.resolvedAt) })
                  : t("adminConsole.statuses.open"),
              ],
            ]}
          />
          <h3 className="font-semibold text-fg">{t("adminConsole.incidents.data")}</h3>
          <CodeBlock>{JSON.stringify(open.data, null, 2)}</CodeBlock>
          {resolve.error ? <FormAlert>{errorText(t, resolve.error)}</FormAlert> : null}
          {open.status === "open" ? (
            <div>
              <Button
                data-testid="admin-incident-resolve"
                disabled={resolve.isPending}
                onClick={() => resolve.mutate(open.id, { onSuccess: () => setOpenId(null) })}
              >
                {t("adminConsole.resolve")}
              </Button>
            </div>
          ) : null}
        </DetailDrawer>
      ) : null}
    </Card>
  );
}
