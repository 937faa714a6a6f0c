// One file taken from a picker or a drop: the domain's upload checks first (a refused file never leaves the browser),
// then the upload (POST /api/upload) with its progress, and the failure in words. The /files upload and an entity's
// knowledge files use it.
import type { ReplyOf, StoredFile } from "@aacos/domain/replies";
import { checkUpload, UPLOAD_MIME_TYPES, uploadProgressPercent } from "@aacos/domain/validation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiUpload } from "./api-client";
import { failureText, translateField } from "./messages";

/** The file input's accept list: the extensions the domain takes (".pdf,.png,…"). */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_MIME_TYPES)
  .map((extension) => `.${extension}`)
  .join(",");

/** POST /api/upload: the stored file. */
export const uploadFile = (file: File, onProgress: (loaded: number, total: number) => void) =>
  apiUpload<ReplyOf<"file", typeof StoredFile>>("/upload", file, { onProgress }).then(
    (reply) => reply.file,
  );

export interface UploadState {
  name: string;
  /** 0 to 100. */
  percent: number;
}

export function useCheckedUpload<Result>({
  send,
  onSent,
  onTake,
  failureFields,
}: {
  /** Sends the file, reporting the bytes sent so far. */
  send: (file: File, onProgress: (loaded: number, total: number) => void) => Promise<Result>;
  /** After the upload, once its progress has gone. */
  onSent: (result: Result) => Promise<unknown>;
  /** Each file taken while none is on its way, before its checks. */
  onTake?: () => void;
  /** The server's fields whose message, the first found, stands for a failure (failureText). */
  failureFields: readonly string[];
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Shows a failed call's message in the failure's place (the upload's, or another call's on the same files). */
  const fail = (error: unknown) => {
    setProgress(null);
    setFailure(failureText(t, error, ...failureFields));
  };
  const upload = useMutation({
    mutationFn: (file: File) =>
      send(file, (loaded, total) =>
        setProgress({ name: file.name, percent: uploadProgressPercent(loaded, total) }),
      ),
    onSuccess: async (result) => {
      setProgress(null);
      await onSent(result);
    },
    onError: fail,
  });

  /** The files of one pick or drop: one is uploaded; more are refused as the server would (one_file_only). */
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file || upload.isPending) return;
    onTake?.();
    if ((files?.length ?? 0) > 1) {
      setFailure(translateField(t, { code: "one_file_only", params: {} }));
      return;
    }
    // The same rules, in the same order, as the server.
    const check = checkUpload({ name: file.name, size: file.size, mimeType: file.type });
    if (!check.ok) {
      setFailure(translateField(t, check.field));
      return;
    }
    setFailure(null);
    setProgress({ name: file.name, percent: 0 });
    upload.mutate(file);
  };

  return { take, progress, failure, fail, pending: upload.isPending };
}
