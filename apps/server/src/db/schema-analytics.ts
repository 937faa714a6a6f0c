// Durable counts for the admin analytics that nothing else keeps (docs/decisions/221-api-calls-by-tier.md).
import { bigint, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Metered API calls per UTC day and the caller's tier at the time; added to in batches by every instance. */
export const apiCallDays = pgTable(
  "api_call_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    tier: text("tier").notNull(),
    calls: bigint("calls", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.tier] })],
);
