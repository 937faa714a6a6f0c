// Public API of the uploads feature: the routes, the file service and the storage other features may read through.
export { uploadRoutes } from "./routes.js";
export type { FileList, FileOwner, FileService, IncomingFile, StoredFile } from "./service.js";
export { createFileService, LEFTOVER_AGE_MS } from "./service.js";
export type { FileStorage } from "./storage.js";
export { createLocalStorage } from "./storage.js";
export type { ZipLimits, ZipVerdict } from "./zip-limits.js";
export { checkZipInflation, ZIP_LIMITS } from "./zip-limits.js";
