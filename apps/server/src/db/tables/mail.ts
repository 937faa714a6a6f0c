// The mail outbox.
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestampTz, uuidId } from "./columns.js";

/** Mail that was sent or, without SMTP, kept here for an admin to read. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuidId(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  sentAt: timestampTz("sent_at"),
  createdAt: createdAt(),
});
