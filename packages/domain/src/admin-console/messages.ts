// The admin console's messages and the suspension code, zod-free: the browser's API client reads the code on every
// call, and its message table the texts.

/** Said to a suspended user: on every call with a token they still hold, and at sign-in after a correct password. */
export const ACCOUNT_SUSPENDED_MESSAGE = "This account is suspended. Contact an administrator.";
/** The error code beside it, so clients can end the session without reading the text. */
export const ACCOUNT_SUSPENDED_CODE = "account_suspended";

export const ADMIN_CONSOLE_MESSAGES = {
  cannotSuspendSelf: "You cannot suspend your own account",
  lastActiveAdmin: "The last active admin cannot be suspended",
  dateOrder: "The start date must not be after the end date",
} as const;
