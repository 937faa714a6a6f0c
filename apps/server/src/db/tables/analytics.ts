// Durable counts for the admin analytics that nothing else keeps (docs/decisions/221-api-calls-by-tier.md).
import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

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

// Daily rollups of the closed UTC days (docs/decisions/222-analytics-rollups.md): written by the analytics rollup
// job, read by the reports beside today's live rows.

/** Each user active (a ledger row of their own doing) on each closed day: the base of every distinct count. */
export const analyticsUserDays = pgTable(
  "analytics_user_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: uuid("user_id").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.userId] }),
    index("analytics_user_days_user").on(table.userId, table.day),
  ],
);

/** A closed day's figures: sign-ups, and distinct actives that day, in its 7 and 30 days, and week and month to date. */
export const analyticsDays = pgTable("analytics_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  signups: integer("signups").notNull(),
  dau: integer("dau").notNull(),
  wau: integer("wau").notNull(),
  mau: integer("mau").notNull(),
  weekActive: integer("week_active").notNull(),
  monthActive: integer("month_active").notNull(),
});

/** Users who signed up on `signup_day` whose first active day of `active_day`'s (ISO) week was `active_day`. */
export const analyticsRetentionDays = pgTable(
  "analytics_retention_days",
  {
    signupDay: date("signup_day", { mode: "string" }).notNull(),
    activeDay: date("active_day", { mode: "string" }).notNull(),
    users: integer("users").notNull(),
  },
  (table) => [primaryKey({ columns: [table.activeDay, table.signupDay] })],
);

/** AI runs and tokens per closed day and the tier the user had when each run happened. */
export const analyticsAiDays = pgTable(
  "analytics_ai_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    tier: text("tier").notNull(),
    runs: integer("runs").notNull(),
    promptTokens: bigint("prompt_tokens", { mode: "number" }).notNull(),
    completionTokens: bigint("completion_tokens", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.tier] })],
);

/** How far the rollups go: every day up to and including `through` is rolled up (null: nothing yet). */
export const analyticsRollups = pgTable("analytics_rollups", {
  name: text("name").primaryKey(),
  through: date("through", { mode: "string" }),
});
