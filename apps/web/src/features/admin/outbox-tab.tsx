// The mail outbox tab: without SMTP, mail waits here for an admin to read; with SMTP it goes out directly.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { adminApi, adminKeys, type OutboxItem } from "./api";
import { CodeBlock, DetailDrawer, DetailList } from "./confirm-dialog";
import { ConsoleTab, DrawerRows } from "./console-tab";

export function OutboxTab() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const status = useQuery({
    queryKey: adminKeys.mailStatus,
    queryFn: ({ signal }) => adminApi.mailStatus(signal),
  });
  const outbox = useQuery({
    queryKey: adminKeys.outbox,
    queryFn: ({ signal }) => adminApi.outbox(signal),
    enabled: status.data?.smtpConfigured === false,
  });
  const [open, setOpen] = useState<OutboxItem | null>(null);

  return (
    <ConsoleTab
      title={t("adminConsole.outbox.title")}
      testId="admin-outbox"
      drawer={
        open ? (
          <DetailDrawer
            title={open.subject}
            onClose={() => setOpen(null)}
            testId="admin-outbox-drawer"
          >
            <DetailList
              rows={[
                [t("adminConsole.outbox.to"), open.to, "ltr"],
                [t("adminConsole.outbox.created"), formatDate(open.createdAt)],
              ]}
            />
            <CodeBlock>{open.text}</CodeBlock>
          </DetailDrawer>
        ) : null
      }
    >
      {status.isPending || (status.data?.smtpConfigured === false && outbox.isPending) ? (
        <Loader message={t("adminConsole.loading")} />
      ) : null}
      {status.isError || outbox.isError ? (
        <FormAlert testId="admin-outbox-error">
          {t("adminConsole.loadFailed")} {errorText(t, status.error ?? outbox.error)}
        </FormAlert>
      ) : null}
      {status.data?.smtpConfigured ? (
        <FormNotice testId="admin-outbox-smtp">{t("adminConsole.outbox.smtp")}</FormNotice>
      ) : null}
      {status.data?.smtpConfigured === false ? (
        <p className="text-sm text-fg-muted">{t("adminConsole.outbox.noSmtp")}</p>
      ) : null}
      {outbox.data && outbox.data.items.length === 0 ? (
        <EmptyState
          icon="message"
          title={t("adminConsole.outbox.emptyTitle")}
          body={t("adminConsole.outbox.emptyBody")}
          testId="admin-outbox-empty"
        />
      ) : null}
      {outbox.data && outbox.data.items.length > 0 ? (
        <DrawerRows
          items={outbox.data.items}
          // Outbox items carry no id, and the list is never reordered.
          keyOf={(mail, index) => `${mail.createdAt}-${index}`}
          onOpen={setOpen}
          testId="admin-outbox-item"
        >
          {(mail) => (
            <>
              <span className="font-semibold text-fg" dir="auto">
                {mail.subject}
              </span>
              <span className="text-sm text-fg-muted" dir="ltr">
                {mail.to}
              </span>
              <span className="ms-auto text-xs text-fg-muted">{formatDate(mail.createdAt)}</span>
            </>
          )}
        </DrawerRows>
      ) : null}
    </ConsoleTab>
  );
}
