// The mail outbox.
import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Mail that was sent or, without SMTP, kept here for an admin to read. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
