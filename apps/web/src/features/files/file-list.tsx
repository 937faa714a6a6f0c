// The user's files: name, size, type and date, with download and a confirmed delete; an empty state when there are none.

import { shownFileName } from "@aacos/domain/validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useByteFormat } from "../../lib/format-bytes";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { planKeys, type StoredFile } from "../../lib/plan-queries";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Icon } from "../../ui/icon";
import { filesApi } from "./api";

function FileRow({ file }: { file: StoredFile }) {
  const { t } = useTranslation();
  // Files stored before the server cleaned names (shownFileName) are shown, and saved, cleaned too.
  const name = shownFileName(file.name);
  const client = useQueryClient();
  const bytes = useByteFormat();
  const date = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = useMutation({
    mutationFn: () => filesApi.download(file.id),
    onSuccess: (blob) => saveFile(blob, name),
    onError: (error) => setFailure(errorText(t, error)),
  });
  const remove = useMutation({
    mutationFn: () => filesApi.remove(file.id),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: planKeys.files }),
        client.invalidateQueries({ queryKey: planKeys.usage }),
      ]),
    onError: (error) => {
      setConfirming(false);
      setFailure(errorText(t, error));
    },
  });

  return (
    <li
      data-testid={`file-row-${file.id}`}
      className="flex flex-col gap-3 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span aria-hidden="true" className="text-fg-muted">
          <Icon name="file" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg" dir="auto" data-testid="file-name">
            {name}
          </p>
          <p className="text-sm text-fg-muted">
            <span data-testid="file-size">{bytes(file.size)}</span>
            <span aria-hidden="true"> · </span>
            <span dir="ltr" data-testid="file-type">
              {file.mimeType}
            </span>
            <span aria-hidden="true"> · </span>
            <span data-testid="file-date">{date(file.createdAt)}</span>
          </p>
        </div>
      </div>
      {confirming ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t("files.list.confirmLabel", { name })}</legend>
          <span className="text-sm font-semibold text-fg">{t("files.list.confirm", { name })}</span>
          <Button
            variant="secondary"
            data-testid="file-delete-cancel"
            onClick={() => setConfirming(false)}
          >
            {t("common.cancel")}
          </Button>
          <Button
            data-testid="file-delete-confirm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            className="bg-error hover:bg-error"
          >
            {t("files.list.deleteConfirm")}
          </Button>
        </fieldset>
      ) : (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            data-testid="file-download"
            disabled={download.isPending}
            aria-label={t("files.list.downloadLabel", { name })}
            onClick={() => download.mutate()}
          >
            <Icon name="download" className="size-4" />
            {t("files.list.download")}
          </Button>
          <Button
            variant="secondary"
            data-testid="file-delete"
            aria-label={t("files.list.deleteLabel", { name })}
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            <Icon name="trash" className="size-4" />
            {t("files.list.delete")}
          </Button>
        </div>
      )}
      {failure !== null ? (
        <div className="sm:basis-full">
          <FormAlert>{failure}</FormAlert>
        </div>
      ) : null}
    </li>
  );
}

export function FileListView({ files }: { files: readonly StoredFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) {
    return (
      <p
        data-testid="files-empty"
        className="rounded-2xl border border-dashed border-border p-6 text-center text-fg-muted"
      >
        {t("files.list.empty")}
      </p>
    );
  }
  return (
    <ul data-testid="files-list" aria-label={t("files.list.label")} className="flex flex-col">
      {files.map((file) => (
        <FileRow key={file.id} file={file} />
      ))}
    </ul>
  );
}
