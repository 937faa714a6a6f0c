// Public API of the mail feature.

export { localizedMail, type MailWording } from "./localized.js";
export type { Mail, Mailer, OutboxItem } from "./mailer.js";
export { createMailer } from "./mailer.js";
export { mailRoutes } from "./routes.js";
