// Calls of the files screen: upload with progress (POST /api/upload), download and delete (/api/files/:id).
import { apiDelete, apiDownload, apiUpload } from "../../lib/api-client";
import type { StoredFile } from "../../lib/plan-queries";

export const filesApi = {
  upload: (file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal) =>
    apiUpload<{ file: StoredFile }>("/upload", file, { onProgress, signal }).then(
      (reply) => reply.file,
    ),
  download: (id: string) => apiDownload(`/files/${encodeURIComponent(id)}`),
  remove: (id: string) => apiDelete(`/files/${encodeURIComponent(id)}`),
};
