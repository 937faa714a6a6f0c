// Calls of the files screen: upload with progress (POST /api/upload), download and delete (/api/files/:id).
import type { ReplyOf, StoredFile } from "@aacos/domain/replies";
import { apiDelete, apiDownload, apiUpload } from "../../lib/api-client";

export const filesApi = {
  upload: (file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal) =>
    apiUpload<ReplyOf<"file", typeof StoredFile>>("/upload", file, { onProgress, signal }).then(
      (reply) => reply.file,
    ),
  download: (id: string) => apiDownload(`/files/${encodeURIComponent(id)}`),
  remove: (id: string) => apiDelete(`/files/${encodeURIComponent(id)}`),
};
