// A mail written in both of the product's languages, sent in the recipient's.
import type { Mail } from "./mailer.js";

/** What a mail says in one language: its subject and its lines. */
export interface MailWording {
  subject: string;
  lines: string[];
}

/** The mail in the recipient's language: English for "en", Hebrew (the product's default) for anything else. */
export function localizedMail(
  to: string,
  locale: string,
  wording: { en: MailWording; he: MailWording },
): Mail {
  const { subject, lines } = locale === "en" ? wording.en : wording.he;
  return { to, subject, text: lines.join("\n") };
}
