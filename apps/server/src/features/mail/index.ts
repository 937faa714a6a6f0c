// Public API of the mail feature.
export type { Mail, Mailer, OutboxItem } from "./mailer.js";
export { localizedMail, type MailWording } from "./localized.js";
export { createMailer } from "./mailer.js";
export { mailRoutes } from "./routes.js";
