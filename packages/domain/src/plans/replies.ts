// Replies of plans and billing: the caller's plan and its changes (or the Checkout an upgrade waits for), the billing
// status and overview, the Billing Portal's address, Stripe's webhook receipt, and plan requests.
import { z } from "zod";
import { BILLING_INTERVALS } from "../billing-rules.js";
import {
  FEATURE_FLAGS,
  type FeatureFlag,
  TIER_NAMES,
  type TierFeatures,
  type TierLimits,
  WORLD_NAMES,
} from "../catalog/types.js";
import { Timestamp } from "../replies/common.js";

const PLAN_KINDS = ["tier", "world"] as const;
/** "stripe": Checkout takes payment; "test": the free provider, plan changes cost nothing. */
const BillingMode = z.enum(["stripe", "test"]);

/** A plan's effective limits (−1 unlimited); every key of the catalogue's TierLimits. */
export const PlanLimits = z.object({
  apiCallsPerMinute: z.number(),
  apiCallsPerHour: z.number(),
  apiCallsPerDay: z.number(),
  maxConcurrentRequests: z.number(),
  maxWebSocketConnections: z.number(),
  maxActiveUniverses: z.number(),
  maxStorageGB: z.number(),
  /** Megabytes. */
  maxFileSize: z.number(),
  maxProjects: z.number(),
  maxEntitiesPerUniverse: z.number(),
  maxTeamMembers: z.number(),
  maxProcessingTimeMs: z.number(),
  maxQueryComplexity: z.number(),
  maxBatchOperations: z.number(),
  maxAITokensPerDay: z.number(),
  maxModelComplexity: z.number(),
  /** Megabytes. */
  maxTrainingDataSize: z.number(),
  signalRetentionDays: z.number(),
});

const featureSwitches = Object.fromEntries(
  FEATURE_FLAGS.map((flag) => [flag, z.boolean()]),
) as Record<FeatureFlag, z.ZodBoolean>;

/** A tier's features: every flag, its encryption, support level and SLA hours (null: none). */
export const PlanFeatures = z.object({
  ...featureSwitches,
  encryption: z.enum(["basic", "advanced", "quantum"]),
  supportLevel: z.enum(["community", "email", "priority", "dedicated"]),
  sla: z.number().nullable(),
});

// The schemas name every key of the catalogue's types (a key left out would be dropped from the reply).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const limitsAreComplete: Same<z.input<typeof PlanLimits>, TierLimits> = true;
const featuresAreComplete: Same<z.input<typeof PlanFeatures>, TierFeatures> = true;
void limitsAreComplete;
void featuresAreComplete;

export const PlanHistoryItem = z.object({
  kind: z.enum(PLAN_KINDS),
  fromPlan: z.string(),
  toPlan: z.string(),
  effectiveAt: Timestamp,
  bonusTokens: z.number(),
});
export type PlanHistoryItem = z.input<typeof PlanHistoryItem>;

/** What GET /api/plan/me and both change calls answer: the contract the server and the browser share. */
export const Plan = z.object({
  tier: z.enum(TIER_NAMES),
  world: z.enum(WORLD_NAMES),
  trialEndsAt: Timestamp.nullable(),
  pendingTier: z.enum(TIER_NAMES).nullable(),
  periodEndsAt: Timestamp.nullable(),
  limits: PlanLimits,
  features: PlanFeatures,
  history: z.array(PlanHistoryItem),
});
export type Plan = z.input<typeof Plan>;

/** With Stripe, an upgrade answers 202: the plan changes when Checkout is paid (the webhook). */
export const PendingCheckout = z.object({ pending: z.literal(true), checkoutUrl: z.string() });
export type PendingCheckout = z.input<typeof PendingCheckout>;
export type PlanChangeReply = Plan | PendingCheckout;

/** GET /api/billing/status: who takes payment, and whether users may change their plan themselves. */
export const BillingStatus = z.object({
  mode: BillingMode,
  /** Test mode only: an admin may turn self-service plan changes off ("Ask your admin"). */
  selfService: z.boolean(),
});
export type BillingStatus = z.input<typeof BillingStatus>;

/** One invoice on Settings → Billing. */
export const BillingInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** In the currency's main unit (dollars). */
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  createdAt: Timestamp,
  url: z.string().nullable(),
});
export type BillingInvoice = z.input<typeof BillingInvoice>;

/** GET /api/billing/me: Settings → Billing and the payment-failure banner. */
export const BillingOverview = z.object({
  mode: BillingMode,
  subscriptions: z.array(
    z.object({
      kind: z.enum(PLAN_KINDS),
      plan: z.string(),
      interval: z.enum(BILLING_INTERVALS),
      status: z.string(),
      renewsAt: Timestamp.nullable(),
      cancelAtPeriodEnd: z.boolean(),
    }),
  ),
  /** Set after a failed payment: the plan falls back to genesis at this time unless a payment succeeds. */
  graceEndsAt: Timestamp.nullable(),
  /** Null when Stripe could not be asked (the page says so); [] in test mode. */
  invoices: z.array(BillingInvoice).nullable(),
});
export type BillingOverview = z.input<typeof BillingOverview>;

/** POST /api/billing/portal: the Billing Portal session to open. */
export const BillingPortalReply = z.object({ url: z.string() });
export type BillingPortalReply = z.input<typeof BillingPortalReply>;

/** POST /api/billing/webhook: the event was taken (duplicate: it had been before). */
export const WebhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceipt = z.input<typeof WebhookReceipt>;

export const PlanRequest = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  kind: z.enum(PLAN_KINDS),
  plan: z.union([z.enum(TIER_NAMES), z.enum(WORLD_NAMES)]),
  reason: z.enum(["contact", "ask"]),
  message: z.string().nullable(),
  status: z.enum(["open", "granted", "declined"]),
  createdAt: Timestamp,
  decidedAt: Timestamp.nullable(),
});
export type PlanRequest = z.input<typeof PlanRequest>;
/** A plan request granted or declined. */
export const PlanRequestDecided = z.object({ ok: z.literal(true) });
export type PlanRequestDecided = z.input<typeof PlanRequestDecided>;
