// Request schemas, per feature beside its rules (`<feature>/requests.ts`), re-exported here so forms and routes
// import them from one subpath; the shared field rules, messages and sanitising live in this folder.

export {
  AlertListQuery,
  AlertRuleBody,
  AlertRuleUpdateBody,
  MonitoringIdParams,
  SilenceBody,
} from "../alerts/requests.js";
export {
  ChangePasswordBody,
  LoginBody,
  MfaDisableBody,
  MfaSetupBody,
  MfaType,
  MfaVerifyBody,
  ProfileBody,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordConfirmBody,
} from "../auth/requests.js";
export {
  AI_MESSAGES,
  ANSWER_STATUSES,
  type AnswerStatus,
  ConversationListQuery,
  ConversationParams,
  CreateConversationBody,
  MessageHistoryQuery,
  MessageParams,
  RenameConversationBody,
  SendMessageBody,
} from "../chat/requests.js";
export {
  CommandBody,
  CommandEntityParams,
  CommandHistoryQuery,
  CommandParams,
  MAX_COMMAND_ENTITIES,
} from "../commands/requests.js";
export { ConsciousnessHistoryQuery, ConsciousnessLevelBody } from "../consciousness/requests.js";
export { ActivityQuery } from "../dashboard/requests.js";
export {
  Breadcrumb,
  ERROR_REPORT_LIMITS,
  ErrorContext,
  ErrorListQuery,
  ErrorReport,
  ErrorReportBatch,
  fingerprintSource,
  isSecretKey,
  normaliseMessage,
  REDACTED,
  SecurityEventBody,
  SecurityIncidentBody,
  SUSPICIOUS_ACTIVITY,
  scrubSecrets,
  scrubText,
  topStackFrame,
} from "../error-reports/reports.js";
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
export { ChangeTierBody, ChangeWorldBody } from "../plans/requests.js";
export {
  REALTIME_TOPICS,
  RealtimeClientMessage,
  type RealtimeTopic,
} from "../realtime/requests.js";
export {
  SIGNAL_KINDS,
  SIGNAL_SEVERITIES,
  SIGNAL_SOURCES,
  type SignalKind,
  SignalListQuery,
  type SignalSeverity,
  type SignalSource,
} from "../signals/requests.js";
export { AdminUserUpdateBody, UserListQuery } from "../users/requests.js";
export {
  AddKnowledgeBody,
  CreateEntityBody,
  CreateUniverseBody,
  EntityListQuery,
  ForgeTemplateBody,
  KnowledgeFileParams,
  KnowledgeSearchQuery,
  SaveTemplateBody,
  UniverseListQuery,
  UniverseSyncBody,
  UpdateEntityBody,
  UpdateUniverseBody,
  WorkspaceIdParams,
} from "../workspace/requests.js";
export { EMAIL_UNAVAILABLE_MESSAGE, MAX_INPUT_LENGTH, MESSAGES } from "./messages.js";
export {
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
