// Request schemas, per feature beside its rules (`<feature>/requests.ts`), re-exported here so forms and routes
// import them from one subpath; the shared field rules, messages and sanitising live in this folder. A file that is
// all public is re-exported whole, as the replies barrel does; the upload checks and the signal filters name theirs.

export * from "../alerts/requests.js";
export * from "../auth/requests.js";
export * from "../chat/requests.js";
export * from "../commands/requests.js";
export * from "../consciousness/requests.js";
export * from "../dashboard/requests.js";
export * from "../error-reports/reports.js";
export type {
  UploadCandidate,
  UploadCheck,
  UploadContent,
  UploadExtension,
  UploadLimitCheck,
  UploadNameCheck,
} from "../files/upload.js";
export {
  checkUpload,
  checkUploadLimits,
  checkUploadName,
  contentMatchesExtension,
  gigabytesToBytes,
  megabytesToBytes,
  shownFileName,
  UNPACKED_PART_MAX_MB,
  UNPACKED_TOTAL_MAX_MB,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  UPLOAD_MESSAGES,
  UPLOAD_MIME_TYPES,
  UPLOAD_SIGNATURES,
  uploadProgressPercent,
} from "../files/upload.js";
export * from "../plans/requests.js";
export * from "../realtime/requests.js";
export {
  SIGNAL_KINDS,
  SIGNAL_SEVERITIES,
  SIGNAL_SOURCES,
  type SignalKind,
  SignalListQuery,
  type SignalSeverity,
  type SignalSource,
} from "../signals/requests.js";
export * from "../users/requests.js";
export * from "../workspace/requests.js";
export { EMAIL_UNAVAILABLE_MESSAGE, MAX_INPUT_LENGTH, MESSAGES } from "./messages.js";
export {
  disallowedPasswordCharacters,
  Email,
  escapeHtml,
  fieldMessages,
  isEmail,
  isPhone,
  isStrongPassword,
  isUrl,
  type PasswordChecks,
  Phone,
  passwordChecks,
  requiredText,
  StrongPassword,
  sanitizeInput,
  Url,
  Username,
} from "./rules.js";
