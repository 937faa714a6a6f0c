// Billing: plan changes, Stripe customers and subscriptions, plan requests (features/plans).
import { bigint, boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";
import { users } from "./users.js";

/** Every plan change (tier or world) made through the billing provider. */
export const planChanges = pgTable(
  "plan_changes",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    kind: text("kind").notNull(),
    fromPlan: text("from_plan").notNull(),
    toPlan: text("to_plan").notNull(),
    provider: text("provider").notNull(),
    /** Set by an admin change; null when the user changed their own plan. */
    actorId: uuid("actor_id"),
    effectiveAt: timestampTz("effective_at").notNull(),
    trialEndsAt: timestampTz("trial_ends_at"),
    bonusTokens: integer("bonus_tokens").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index("plan_changes_user").on(table.userId)],
);

/** One Stripe customer per user, created on the first checkout. */
export const billingCustomers = pgTable("billing_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Stripe subscriptions as the webhooks last told them. kind: "tier" | "world". `eventCreated` is the Stripe time
 * (seconds) of the newest event applied, so an older event arriving late changes nothing. `current`: the
 * subscription that pays for the user's plan of this kind (an upgrade's new one replaces the old one).
 */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: cascadeRef("user_id", () => users.id),
    kind: text("kind").notNull(),
    plan: text("plan").notNull(),
    interval: text("interval").notNull(),
    status: text("status").notNull(),
    current: boolean("current").notNull().default(false),
    currentPeriodEnd: timestampTz("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** After a failed payment: the plan falls back to genesis at this time unless a payment succeeds. */
    graceEndsAt: timestampTz("grace_ends_at"),
    eventCreated: bigint("event_created", { mode: "number" }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("billing_subscriptions_user").on(table.userId),
    index("billing_subscriptions_grace").on(table.graceEndsAt),
  ],
);

/** Every webhook event applied, by Stripe's id: a second delivery of the same event changes nothing. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestampTz("received_at").notNull().defaultNow(),
});

/**
 * Users' requests for a plan an admin grants: custom-priced plans ("contact") and, with self-service plan changes
 * off, any plan ("ask"). status: "open" | "granted" | "declined".
 */
export const planRequests = pgTable(
  "plan_requests",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    kind: text("kind").notNull(),
    plan: text("plan").notNull(),
    reason: text("reason").notNull(),
    message: text("message"),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestampTz("decided_at"),
  },
  (table) => [index("plan_requests_status").on(table.status, table.createdAt)],
);
