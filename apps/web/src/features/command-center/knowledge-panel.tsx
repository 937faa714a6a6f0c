// An entity's knowledge files: the list (passages indexed, or failed), detach, and a new file uploaded with progress
// (the domain's upload checks first, as on /files) then attached.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_ACCEPT, uploadFile, useCheckedUpload } from "../../lib/checked-upload";
import { planKeys } from "../../lib/plan-queries";
import { workspaceKeys } from "../../lib/workspace-queries";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { UploadProgress } from "../../ui/upload-progress";
import { workspaceApi } from "./api";

export function KnowledgePanel({ entityId }: { entityId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const files = useQuery({
    queryKey: workspaceKeys.knowledge(entityId),
    queryFn: ({ signal }) => workspaceApi.knowledge(entityId, signal),
  });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workspaceKeys.knowledge(entityId) }),
      client.invalidateQueries({ queryKey: planKeys.files }),
      client.invalidateQueries({ queryKey: planKeys.usage }),
    ]);
  const attach = useCheckedUpload({
    send: async (file, onProgress) => {
      const stored = await uploadFile(file, onProgress);
      return workspaceApi.attach(entityId, stored.id);
    },
    onSent: refresh,
    failureFields: ["file", "fileId"],
  });
  const detach = useMutation({
    mutationFn: (knowledgeFileId: string) => workspaceApi.detach(entityId, knowledgeFileId),
    onSuccess: refresh,
    onError: attach.fail,
  });

  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      data-testid="knowledge-panel"
    >
      <h4 className="font-semibold text-fg">{t("commandCenter.knowledge.title")}</h4>
      {files.data === undefined && files.isPending ? (
        <Loader message={t("common.loading")} />
      ) : files.data === undefined ? (
        <FormAlert>{t("commandCenter.knowledge.error")}</FormAlert>
      ) : files.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("commandCenter.knowledge.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="knowledge-list">
          {files.data.map((file) => (
            <li
              key={file.id}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
              data-testid="knowledge-file"
            >
              <span dir="auto" className="min-w-0 truncate text-fg">
                {file.name}
              </span>
              <span className="text-fg-muted">
                {file.status === "indexed"
                  ? t("commandCenter.knowledge.passages", { count: file.passageCount })
                  : t("commandCenter.knowledge.failed")}
              </span>
              <Button
                variant="ghost"
                className="px-2 py-1 text-xs"
                onClick={() => detach.mutate(file.id)}
                disabled={detach.isPending}
                aria-label={t("commandCenter.knowledge.removeLabel", { name: file.name })}
              >
                {t("commandCenter.knowledge.remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label
        htmlFor={inputId}
        className="inline-flex w-fit cursor-pointer items-center justify-center gap-2 rounded-xl border border-border bg-surface px-4 py-2 text-sm font-semibold text-fg hover:border-primary has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary"
      >
        {t("commandCenter.knowledge.attach")}
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          data-testid="knowledge-input"
          disabled={attach.pending}
          onChange={(event) => {
            attach.take(event.target.files);
            event.target.value = "";
          }}
        />
      </label>
      {attach.progress ? (
        <UploadProgress
          name={attach.progress.name}
          percent={attach.progress.percent}
          testId="knowledge"
        />
      ) : null}
      {attach.failure ? <FormAlert testId="knowledge-error">{attach.failure}</FormAlert> : null}
    </div>
  );
}
