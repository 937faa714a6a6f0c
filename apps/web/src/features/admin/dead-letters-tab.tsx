// The failed jobs tab: dead letters (background jobs that used up their retries), newest first; an admin puts one
// back on its queue or drops it for good (after a confirmation).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TableHead } from "../../ui/table-head";
import { adminApi, adminKeys, type DeadLetter } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { ConsoleTab } from "./console-tab";
import { ConsoleList } from "./list-state";

export function DeadLettersTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const letters = useQuery({
    queryKey: adminKeys.deadLetters,
    queryFn: ({ signal }) => adminApi.deadLetters(signal),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [dropping, setDropping] = useState<DeadLetter | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.deadLetters });
  const retry = useMutation({
    mutationFn: (letter: DeadLetter) => adminApi.retryDeadLetter(letter.id),
    onSuccess: async (done) => {
      setNotice(t("adminConsole.jobs.retried", { queue: done.queue }));
      await refresh();
    },
  });
  const drop = useMutation({
    mutationFn: (letter: DeadLetter) => adminApi.dropDeadLetter(letter.id),
    onSuccess: async (_, letter) => {
      setDropping(null);
      setNotice(t("adminConsole.jobs.dropped", { queue: letter.queue }));
      await refresh();
    },
  });

  return (
    <ConsoleTab
      title={t("adminConsole.jobs.title")}
      testId="admin-jobs"
      drawer={
        dropping ? (
          <ConfirmDialog
            title={t("adminConsole.jobs.confirm.title", { queue: dropping.queue })}
            body={t("adminConsole.jobs.confirm.body")}
            confirmLabel={t("adminConsole.jobs.confirm.yes")}
            pending={drop.isPending}
            error={drop.error}
            onConfirm={() => drop.mutate(dropping)}
            onCancel={() => setDropping(null)}
          />
        ) : null
      }
    >
      <p className="text-sm text-fg-muted">{t("adminConsole.jobs.lead")}</p>
      {notice ? <FormNotice testId="admin-jobs-notice">{notice}</FormNotice> : null}
      {retry.error ? (
        <FormAlert testId="admin-jobs-action-error">{errorText(t, retry.error)}</FormAlert>
      ) : null}
      <ConsoleList
        query={letters}
        testId="admin-jobs"
        empty={{
          icon: "check",
          title: t("adminConsole.jobs.emptyTitle"),
          body: t("adminConsole.jobs.emptyBody"),
        }}
      >
        {(items) => (
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("adminConsole.jobs.title")}</caption>
              <TableHead
                className="bg-surface-muted text-start text-fg-muted"
                columns={["queue", "error", "attempts", "failedAt", "actions"]}
                label={(column) => t(`adminConsole.jobs.columns.${column}`)}
                cellClassName="px-4 py-2 text-start font-semibold"
              />
              <tbody className="divide-y divide-border">
                {items.map((letter) => (
                  <DeadLetterRow
                    key={letter.id}
                    letter={letter}
                    retrying={retry.isPending}
                    onRetry={() => {
                      setNotice(null);
                      retry.mutate(letter);
                    }}
                    onDrop={() => {
                      setNotice(null);
                      drop.reset();
                      setDropping(letter);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ConsoleList>
    </ConsoleTab>
  );
}

/** One dead letter: its queue, error, attempts and time, and the buttons to retry or drop it. */
function DeadLetterRow({
  letter,
  retrying,
  onRetry,
  onDrop,
}: {
  letter: DeadLetter;
  retrying: boolean;
  onRetry: () => void;
  onDrop: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (
    <tr data-testid="admin-dead-letter" data-id={letter.id}>
      <td className="px-4 py-3 align-top">
        <code dir="ltr" className="font-semibold text-fg">
          {letter.queue}
        </code>
      </td>
      <td className="max-w-md px-4 py-3 align-top break-words text-fg">
        {letter.error === null ? (
          <span className="text-fg-muted">{t("adminConsole.jobs.noError")}</span>
        ) : (
          <code dir="ltr" className="block text-start text-xs">
            {letter.error}
          </code>
        )}
      </td>
      <td className="px-4 py-3 align-top text-fg" data-testid="admin-dead-letter-attempts">
        {t("adminConsole.jobs.attempts", { count: letter.attempts })}
      </td>
      <td className="px-4 py-3 align-top whitespace-nowrap text-fg-muted">
        {formatDate(letter.failedAt)}
      </td>
      <td className="px-4 py-3 align-top">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            data-testid="admin-dead-letter-retry"
            aria-label={t("adminConsole.jobs.retryLabel", { queue: letter.queue })}
            disabled={retrying}
            onClick={onRetry}
          >
            {t("adminConsole.jobs.retry")}
          </Button>
          <Button
            variant="ghost"
            data-testid="admin-dead-letter-drop"
            aria-label={t("adminConsole.jobs.dropLabel", { queue: letter.queue })}
            onClick={onDrop}
          >
            {t("adminConsole.jobs.drop")}
          </Button>
        </div>
      </td>
    </tr>
  );
}
