// The validation messages of docs/product.md §5, word for word; the Hebrew interface translates them by these keys.

export const MESSAGES = {
  required: "Field is required",
  invalidEmail: "Invalid email format",
  minLength: (n: number) => `Minimum length is ${n}`,
  maxLength: (n: number) => `Maximum length is ${n}`,
  invalidFormat: "Invalid format",
  validationFailed: "Validation failed",
  weakPassword:
    "Password needs at least 8 characters with a lowercase letter, an uppercase letter, a digit and one of @$!%*?&",
  fileTooLarge: (maxMb: number) => `File size exceeds maximum of ${maxMb}MB`,
  fileTypeNotAllowed: (extension: string) => `File type .${extension} is not allowed`,
  multipleExtensions: "Files with multiple extensions are not allowed",
  mimeMismatch: "File MIME type does not match extension",
} as const;

/** docs/product.md §5: maximum input length. */
export const MAX_INPUT_LENGTH = 10000;

/**
 * The answer to a registration whose e-mail already has an account (docs/decisions/156): it does not say that an
 * account exists; the owner is told by mail.
 */
export const EMAIL_UNAVAILABLE_MESSAGE =
  "This e-mail address cannot be used for a new account. If it is yours, we have sent it a message about signing in.";
