// The audit log.
import { bigserial, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

/** Who did what, when and from where: sign-ins, failures, MFA and role changes, deletions. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    data: jsonb("data").notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created").on(table.createdAt)],
);
