// The error reports tab: grouped browser errors, open or resolved, newest first; a drawer shows one in full.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { SelectField } from "../../ui/form-field";
import { PagedList, usePage } from "../../ui/paged-list";
import { adminApi, adminKeys, type ErrorGroup } from "./api";
import { CodeBlock, DetailDrawer, DetailList } from "./confirm-dialog";
import { useConsoleListTexts } from "./list-state";

const PAGE_SIZE = 25;
const STATUSES = ["open", "resolved"] as const;

export function ErrorsTab() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const headingId = useId();
  const queryClient = useQueryClient();
  const listTexts = useConsoleListTexts();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("open");
  const [page, setPage] = usePage(status);
  const [openId, setOpenId] = useState<string | null>(null);
  const params = { status, page, pageSize: PAGE_SIZE };
  const errors = useQuery({
    queryKey: adminKeys.errors(params),
    queryFn: ({ signal }) => adminApi.errors(params, signal),
    placeholderData: keepPreviousData,
  });
  const resolve = useMutation({
    mutationFn: (id: string) => adminApi.resolveError(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "errors"] }),
  });
  const open: ErrorGroup | undefined = errors.data?.items.find((item) => item.id === openId);

  return (
    <Card>
      <section
        className="flex flex-col gap-4"
        aria-labelledby={headingId}
        data-testid="admin-errors"
      >
        <h2 id={headingId} className="text-xl font-bold text-fg">
          {t("adminConsole.errors.title")}
        </h2>
        <div className="sm:w-60">
          <SelectField
            label={t("adminConsole.status")}
            testId="admin-errors-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as (typeof STATUSES)[number]);
            }}
          >
            {STATUSES.map((name) => (
              <option key={name} value={name}>
                {t(`adminConsole.statuses.${name}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <PagedList
          query={errors}
          texts={listTexts}
          errorTestId="admin-errors-error"
          empty={{
            icon: "check",
            title: t(`adminConsole.errors.empty.${status}`),
            body: t("adminConsole.errors.emptyBody"),
            testId: "admin-errors-empty",
          }}
          paging={{ page, pageSize: PAGE_SIZE, onPage: setPage, testId: "admin-errors-pager" }}
        >
          {(items) => (
            <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="flex w-full flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 text-start hover:bg-surface-muted"
                    onClick={() => setOpenId(item.id)}
                    data-testid="admin-error-item"
                  >
                    <span className="min-w-0 flex-1 font-semibold break-words text-fg" dir="ltr">
                      <span className="block text-start">{item.message}</span>
                    </span>
                    <Badge tone="neutral">
                      {t("adminConsole.errors.count", { count: item.count })}
                    </Badge>
                    <span className="text-xs text-fg-muted">{formatDate(item.lastSeenAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </section>
      {open ? (
        <DetailDrawer
          title={t("adminConsole.errors.detail")}
          onClose={() => setOpenId(null)}
          testId="admin-error-drawer"
        >
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
              [
                t("adminConsole.status"),
                open.resolvedAt
                  ? t("adminConsole.resolvedAt", { when: formatDate(open.resolvedAt) })
                  : t("adminConsole.statuses.open"),
              ],
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
          {resolve.error ? <FormAlert>{errorText(t, resolve.error)}</FormAlert> : null}
          {open.resolvedAt === null ? (
            <div>
              <Button
                data-testid="admin-error-resolve"
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
