// The upload area: drag and drop or the file picker, the domain's checks before any byte leaves (docs/product.md §5, same
// messages as the server), then an upload with a rounded-percentage progress bar (docs/product.md §4) and the server's answer.
import { UPLOAD_MAX_MB } from "@aacos/domain/validation";
import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_ACCEPT, uploadFile, useCheckedUpload } from "../../lib/checked-upload";
import { planKeys, type StoredFile } from "../../lib/plan-queries";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { Icon } from "../../ui/icon";
import { UploadProgress } from "../../ui/upload-progress";

export function UploadForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const dropId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [uploaded, setUploaded] = useState<StoredFile | null>(null);
  const upload = useCheckedUpload({
    send: uploadFile,
    onSent: async (file) => {
      setUploaded(file);
      await Promise.all([
        client.invalidateQueries({ queryKey: planKeys.files }),
        client.invalidateQueries({ queryKey: planKeys.usage }),
      ]);
    },
    onTake: () => setUploaded(null),
    failureFields: ["file"],
  });

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    upload.take(event.dataTransfer.files);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="upload-form">
      <section
        aria-labelledby={dropId}
        data-testid="upload-dropzone"
        data-dragging={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center sm:p-8 ${
          dragging ? "border-primary bg-surface-muted" : "border-border bg-surface"
        }`}
      >
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-2xl bg-surface-muted text-accent-text"
        >
          <Icon name="upload" className="size-6" />
        </span>
        <p id={dropId} className="font-semibold text-fg">
          {t("files.upload.drop")}
        </p>
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-xl bg-accent px-4 py-2.5 text-sm font-semibold text-on-accent shadow-card hover:bg-accent-hover has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary"
        >
          {t("files.upload.choose")}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="sr-only"
            data-testid="upload-input"
            aria-describedby={hintId}
            disabled={upload.pending}
            onChange={(event) => {
              upload.take(event.target.files);
              // Choosing the same file again must fire change again.
              event.target.value = "";
            }}
          />
        </label>
        <p id={hintId} className="text-sm text-fg-muted">
          {t("files.upload.hint", {
            types: UPLOAD_ACCEPT.replaceAll(",", ", "),
            max: UPLOAD_MAX_MB,
          })}
        </p>
      </section>

      {upload.progress !== null ? (
        <UploadProgress
          name={upload.progress.name}
          percent={upload.progress.percent}
          testId="upload"
        />
      ) : null}

      {upload.failure !== null ? (
        <FormAlert testId="upload-error">{upload.failure}</FormAlert>
      ) : null}
      {uploaded !== null ? (
        <FormNotice testId="upload-success">
          {t("files.upload.done", { name: uploaded.name })}
        </FormNotice>
      ) : null}
    </div>
  );
}
