// Calls of the files screen: download and delete (/api/files/:id); the upload is lib/checked-upload's.
import { apiDelete, apiDownload } from "../../lib/api-client";

export const filesApi = {
  download: (id: string) => apiDownload(`/files/${encodeURIComponent(id)}`),
  remove: (id: string) => apiDelete(`/files/${encodeURIComponent(id)}`),
};
