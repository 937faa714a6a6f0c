// The audit log tab: filters (actor, action, target, dates) applied by the server, paging, a drawer per entry, and
// the CSV export of everything the filters match.
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { useDateFormat } from "../../lib/format-date";
import { errorText, translateField } from "../../lib/messages";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { Icon } from "../../ui/icon";
import { Pager, QueryState } from "../../ui/paged-list";
import { type AuditEntry, adminApi, adminKeys } from "./api";
import { CodeBlock, DetailDrawer, DetailList } from "./confirm-dialog";
import { ConsoleTab, ConsoleTableHead, LtrCell, ScrollTable } from "./console-tab";
import { useConsoleListTexts } from "./list-state";

const PAGE_SIZE = 50;

interface AuditFilters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const NO_FILTERS: AuditFilters = { actor: "", action: "", target: "", from: "", to: "" };

/** The filter form's fields in order; the user fields take a name or id, the dates a day. */
const FILTER_FIELDS: readonly {
  name: keyof AuditFilters;
  type?: "date";
  dir?: "auto" | "ltr";
  maxLength?: number;
  placeholder?: string;
  userHint?: true;
}[] = [
  { name: "actor", dir: "auto", maxLength: 100, userHint: true },
  { name: "action", dir: "ltr", maxLength: 64, placeholder: "user." },
  { name: "target", dir: "auto", maxLength: 100, userHint: true },
  { name: "from", type: "date" },
  { name: "to", type: "date" },
];

export function AuditTab() {
  const { t } = useTranslation();
  const listTexts = useConsoleListTexts();
  const formatDate = useDateFormat();
  const headingId = useId();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const params = { ...filters, page, pageSize: PAGE_SIZE };
  const audit = useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: ({ signal }) => adminApi.audit(params, signal),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.status === 400) && count < 2,
  });
  const exportCsv = useMutation({
    mutationFn: () => adminApi.auditCsv({ ...filters }),
    onSuccess: (blob) => saveFile(blob, `audit-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const fields = isApiError(audit.error) ? audit.error.fields : {};
  const fieldError = (name: keyof AuditFilters) => {
    const field = fields[name];
    return field ? translateField(t, field) : undefined;
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      actor: draft.actor.trim(),
      action: draft.action.trim(),
      target: draft.target.trim(),
      from: draft.from,
      to: draft.to,
    });
    setPage(1);
  };
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const filtered = Object.values(filters).some((value) => value !== "");

  return (
    <ConsoleTab
      headingId={headingId}
      title={t("adminConsole.audit.title")}
      testId="admin-audit"
      actions={
        <Button
          variant="secondary"
          data-testid="admin-audit-export"
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          <Icon name="download" className="size-4" />
          {exportCsv.isPending ? t("adminConsole.audit.exporting") : t("adminConsole.audit.export")}
        </Button>
      }
      drawer={
        open ? (
          <DetailDrawer
            title={t("adminConsole.audit.detail", { id: open.id })}
            onClose={() => setOpen(null)}
            testId="admin-audit-drawer"
          >
            <DetailList
              rows={[
                [t("adminConsole.audit.columns.time"), formatDate(open.createdAt)],
                [t("adminConsole.audit.columns.action"), open.action, "ltr"],
                [
                  t("adminConsole.audit.columns.actor"),
                  [open.actorUsername, open.actorId].filter(Boolean).join(" · ") || "—",
                  "ltr",
                ],
                [
                  t("adminConsole.audit.columns.target"),
                  [open.targetUsername, open.targetId].filter(Boolean).join(" · ") || "—",
                  "ltr",
                ],
                [t("adminConsole.audit.columns.address"), open.ip ?? "—", "ltr"],
                [t("adminConsole.audit.userAgent"), open.userAgent ?? "—", "ltr"],
              ]}
            />
            <CodeBlock testId="admin-audit-data">{JSON.stringify(open.data, null, 2)}</CodeBlock>
          </DetailDrawer>
        ) : null
      }
    >
      <form
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        onSubmit={apply}
        aria-label={t("adminConsole.audit.filters")}
        data-testid="admin-audit-filters"
      >
        {FILTER_FIELDS.map(({ name, userHint, placeholder, ...shape }) => (
          <TextField
            key={name}
            label={t(`adminConsole.audit.${name}`)}
            placeholder={userHint ? t("adminConsole.audit.userHint") : placeholder}
            {...shape}
            testId={`admin-audit-${name}`}
            value={draft[name]}
            error={fieldError(name)}
            onChange={set(name)}
          />
        ))}
        <div className="flex gap-2">
          <Button type="submit" data-testid="admin-audit-apply">
            {t("adminConsole.apply")}
          </Button>
          {filtered ? (
            <Button
              variant="ghost"
              data-testid="admin-audit-clear"
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
                setPage(1);
              }}
            >
              {t("adminConsole.clear")}
            </Button>
          ) : null}
        </div>
      </form>
      {exportCsv.error ? (
        <FormAlert testId="admin-audit-export-error">{errorText(t, exportCsv.error)}</FormAlert>
      ) : null}
      <QueryState
        query={audit}
        loading={listTexts.loading}
        failed={listTexts.failed}
        errorTestId="admin-audit-error"
      />
      {audit.data && !audit.isError ? (
        <p className="text-sm text-fg-muted" data-testid="admin-audit-total">
          {t("adminConsole.audit.total", { count: audit.data.total })}
        </p>
      ) : null}
      {audit.data && !audit.isError && audit.data.items.length === 0 ? (
        <EmptyState
          icon="eye"
          title={filtered ? t("adminConsole.noMatch") : t("adminConsole.audit.emptyTitle")}
          body={t("adminConsole.audit.emptyBody")}
          testId="admin-audit-empty"
        />
      ) : null}
      {audit.data && !audit.isError && audit.data.items.length > 0 ? (
        <>
          <ScrollTable labelledBy={headingId} minWidth="min-w-[56rem]" testId="admin-audit-table">
            <ConsoleTableHead
              columns={["time", "actor", "action", "target", "address", "details"]}
              label={(column) => t(`adminConsole.audit.columns.${column}`)}
            />
            <tbody className="divide-y divide-border">
              {audit.data.items.map((entry) => (
                <tr key={entry.id} className="text-fg" data-testid="admin-audit-row">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(entry.createdAt)}</td>
                  <LtrCell>{entry.actorUsername ?? entry.actorId ?? "—"}</LtrCell>
                  <LtrCell className="px-3 py-2 font-mono text-xs">{entry.action}</LtrCell>
                  <LtrCell className="max-w-56 truncate px-3 py-2">
                    {entry.targetUsername ?? entry.targetId ?? "—"}
                  </LtrCell>
                  <LtrCell>{entry.ip ?? "—"}</LtrCell>
                  <td className="px-3 py-2">
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-xs"
                      data-testid="admin-audit-open"
                      aria-label={t("adminConsole.audit.openLabel", { id: entry.id })}
                      onClick={() => setOpen(entry)}
                    >
                      {t("adminConsole.audit.open")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={audit.data.total}
            onPage={setPage}
            texts={listTexts.pager}
            testId="admin-audit-pager"
          />
        </>
      ) : null}
    </ConsoleTab>
  );
}
