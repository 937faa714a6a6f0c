// Public API of the auth feature.

export type { PasswordResetService } from "./password-reset.js";
export {
  createPasswordResetService,
  passwordResetRoutes,
  RESET_LINK_INVALID_MESSAGE,
} from "./password-reset.js";
export {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from "./passwords.js";
export { EMAIL_UNAVAILABLE_MESSAGE } from "./registration-guard.js";
export { authRoutes, clientOf, REFRESH_COOKIE, setRefreshCookie } from "./routes.js";
export type { AccountService, PublicUser, SessionTokens } from "./service.js";
export { createAccountService, LOGIN_FAILED_MESSAGE, publicUser } from "./service.js";
export type { ClientInfo, SessionStore } from "./sessions.js";
export { createSessionStore, hashToken } from "./sessions.js";
