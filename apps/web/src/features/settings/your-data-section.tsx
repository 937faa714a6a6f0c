// "Your data" in /settings: download everything the account owns as one ZIP (GET /api/me/export), and delete the
// account after a fresh proof in a dialog (DELETE /api/me): the password, or — for accounts without one — the
// single-use link mailed by POST /api/me/delete-link, which opens /settings?confirmDelete=… ; then signs out.

import { DELETE_LINK_PARAM, DeleteAccountBody, exportFileName } from "@aacos/domain/account";
import type { DeleteLinkSent } from "@aacos/domain/replies";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { apiDelete, apiDownload, apiPost, isApiError } from "../../lib/api-client";
import { useAuthStore } from "../../lib/auth-store";
import { errorText, translateError, translateField } from "../../lib/messages";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/dialog";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { SettingsSection } from "./settings-section";

export function YourDataSection() {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={t("home.data.title")}
      lead={t("home.data.lead")}
      testId="settings-your-data"
    >
      <ExportPart />
      <hr className="border-border" />
      <DeletePart />
    </SettingsSection>
  );
}

function ExportPart() {
  const { t } = useTranslation();
  const username = useAuthStore((state) => state.user?.username ?? "account");
  const exporting = useMutation({
    mutationFn: () => apiDownload("/me/export"),
    onSuccess: (blob) => saveFile(blob, exportFileName(username, new Date())),
  });
  return (
    <div className="flex flex-col items-start gap-3">
      <h3 className="font-bold text-fg">{t("home.data.exportTitle")}</h3>
      <p className="text-sm text-fg-muted">{t("home.data.exportBody")}</p>
      {exporting.isError ? (
        <FormAlert testId="export-error">{t("home.data.exportError")}</FormAlert>
      ) : null}
      {exporting.isSuccess ? (
        <FormNotice testId="export-done">{t("home.data.exportDone")}</FormNotice>
      ) : null}
      <Button
        data-testid="export-download"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {exporting.isPending ? t("home.data.exporting") : t("home.data.exportButton")}
      </Button>
      {exporting.isPending ? (
        <div
          role="status"
          className="flex w-full max-w-md flex-col gap-1"
          data-testid="export-progress"
        >
          <span className="text-sm text-fg-muted">{t("home.data.exportProgress")}</span>
          <span
            className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
            aria-hidden="true"
          >
            <span className="block h-full w-1/3 animate-pulse rounded-full bg-accent" />
          </span>
        </div>
      ) : null}
    </div>
  );
}

function DeletePart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOutLocally = useAuthStore((state) => state.signOutLocally);
  const email = useAuthStore((state) => state.user?.email ?? "");
  const [searchParams, setSearchParams] = useSearchParams();
  // The mailed link's token: present, the dialog opens to confirm with it instead of a password.
  const [token, setToken] = useState<string | null>(() => searchParams.get(DELETE_LINK_PARAM));
  const [open, setOpen] = useState(token !== null);
  const mailLink = useMutation({
    mutationFn: () =>
      apiPost<DeleteLinkSent>("/me/delete-link", undefined, { handleUnauthorized: false }),
  });
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    // The token stays in memory only: the address bar (and history) forget it at once.
    if (searchParams.has(DELETE_LINK_PARAM)) {
      const rest = new URLSearchParams(searchParams);
      rest.delete(DELETE_LINK_PARAM);
      setSearchParams(rest, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  function close() {
    setOpen(false);
    setToken(null);
    mailLink.reset();
    setPassword("");
    setFieldError(undefined);
    setFormError(null);
  }

  async function submit() {
    setFormError(null);
    const body = token !== null ? { token } : { password };
    if (!DeleteAccountBody.safeParse(body).success) {
      setFieldError(t("home.data.passwordRequired"));
      return;
    }
    setDeleting(true);
    try {
      await apiDelete("/me", { body, handleUnauthorized: false });
      close();
      signOutLocally();
      await navigate("/", { replace: true });
    } catch (error) {
      const field = isApiError(error) ? error.fields?.password : undefined;
      const tokenField = isApiError(error) ? error.fields?.token : undefined;
      if (tokenField !== undefined) {
        setFormError(translateField(t, tokenField));
      } else if (field !== undefined) {
        setFieldError(
          field.code === "wrong_password" ? t("home.data.wrongPassword") : translateField(t, field),
        );
      } else if (isApiError(error) && error.code === "last_admin") {
        setFormError(t("home.data.lastAdmin"));
      } else {
        setFormError(isApiError(error) ? translateError(t, error) : t("home.data.deleteError"));
      }
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-3">
      <h3 className="font-bold text-fg">{t("home.data.deleteTitle")}</h3>
      <p className="text-sm text-fg-muted">{t("home.data.deleteBody")}</p>
      <Button
        variant="secondary"
        className="border-error text-error"
        data-testid="delete-account-open"
        onClick={() => setOpen(true)}
      >
        {t("home.data.deleteButton")}
      </Button>
      <ConfirmDialog
        open={open}
        title={t("home.data.confirmTitle")}
        body={token !== null ? t("home.data.linkConfirmBody") : t("home.data.confirmBody")}
        error={formError ? <FormAlert testId="delete-account-error">{formError}</FormAlert> : null}
        confirmLabel={deleting ? t("home.data.deleting") : t("home.data.confirmButton")}
        cancelLabel={t("common.cancel")}
        danger
        pending={deleting}
        onConfirm={() => void submit()}
        onClose={close}
        testId="delete-account-dialog"
        cancelTestId="delete-account-cancel"
        confirmTestId="delete-account-confirm"
      >
        {token === null ? (
          <>
            <TextField
              label={t("home.data.password")}
              name="password"
              type="password"
              testId="delete-account-password"
              autoComplete="current-password"
              dir="ltr"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(undefined);
              }}
              error={fieldError}
            />
            {mailLink.isSuccess ? (
              <FormNotice testId="delete-link-sent">
                {t("home.data.mailLinkSent", { email })}
              </FormNotice>
            ) : null}
            {mailLink.isError ? (
              <FormAlert testId="delete-link-error">
                {isApiError(mailLink.error)
                  ? errorText(t, mailLink.error)
                  : t("home.data.deleteError")}
              </FormAlert>
            ) : null}
            <Button
              variant="ghost"
              className="self-start"
              data-testid="delete-account-mail-link"
              disabled={mailLink.isPending}
              onClick={() => mailLink.mutate()}
            >
              {mailLink.isPending ? t("home.data.mailLinkSending") : t("home.data.mailLinkButton")}
            </Button>
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
