// Billing rules shared by the browser and the server: intervals, custom ("contact us") prices, the billing status
// the tier chooser reads, plan requests to admins, and the messages of payment failures (docs/decisions/175-stripe-billing.md).
import { z } from "zod";
import { TIER_NAMES, type TierName, WORLD_NAMES, type WorldName } from "./catalog/types.js";
import { MESSAGES } from "./validation/messages.js";

export const BILLING_INTERVALS = ["monthly", "yearly"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The catalogue's "custom" price (CUSTOM on /tiers): never self-service, an admin grants it. */
export const CUSTOM_PRICE = -1;

export function isCustomPrice(pricing: { monthly: number; yearly: number }): boolean {
  return pricing.monthly === CUSTOM_PRICE || pricing.yearly === CUSTOM_PRICE;
}

/** The amount of one interval in the smallest currency unit (cents), as Stripe wants it. */
export function amountInCents(
  pricing: { monthly: number; yearly: number },
  interval: BillingInterval,
) {
  return Math.round((interval === "yearly" ? pricing.yearly : pricing.monthly) * 100);
}

/** The Stripe Price lookup key of one plan, interval and amount: a new amount is a new Price. */
export function priceLookupKey(
  kind: PlanKind,
  plan: string,
  interval: BillingInterval,
  cents: number,
  currency: string,
): string {
  return `aacos_${kind}_${plan}_${interval}_${cents}_${currency.toLowerCase()}`;
}

export type PlanKind = "tier" | "world";

/** GET /api/billing/status: who takes payment, and whether users may change their plan themselves. */
export interface BillingStatus {
  /** "stripe": Checkout takes payment; "test": the free provider, plan changes cost nothing. */
  mode: "stripe" | "test";
  /** Test mode only: an admin may turn self-service plan changes off ("Ask your admin"). */
  selfService: boolean;
}

/** The answer of a plan change that waits for payment (202). */
export interface PendingCheckout {
  pending: true;
  checkoutUrl: string;
}

export const BILLING_MESSAGES = {
  customPrice: "This plan has a custom price: contact us and an admin will set it up",
  selfServiceOff: "Plan changes go through your admin: send them a request",
  unavailable:
    "Payments are unavailable right now; your plan has not changed. Please try again later",
  noSubscription: "You have no paid subscription to manage",
  requestExists: "You already asked for this plan; an admin will answer soon",
  requestClosed: "This request has already been answered",
  signatureInvalid: "Webhook signature missing or invalid",
} as const;

export const PlanRequestBody = z
  .strictObject({
    kind: z.enum(["tier", "world"], { error: MESSAGES.invalidFormat }),
    plan: z.string().trim().min(1, { error: MESSAGES.required }),
    message: z.string().trim().max(1000, { error: "At most 1000 characters" }).optional(),
    /** "contact": a custom-priced plan; "ask": self-service plan changes are off. */
    reason: z.enum(["contact", "ask"]).default("contact"),
  })
  .superRefine((body, context) => {
    const names: readonly string[] = body.kind === "tier" ? TIER_NAMES : WORLD_NAMES;
    if (!names.includes(body.plan)) {
      context.addIssue({ code: "custom", path: ["plan"], message: MESSAGES.invalidFormat });
    }
  });
export type PlanRequestBody = z.input<typeof PlanRequestBody>;

export type PlanRequestStatus = "open" | "granted" | "declined";

export interface PlanRequest {
  id: string;
  userId: string;
  email: string;
  username: string;
  kind: PlanKind;
  plan: TierName | WorldName;
  reason: "contact" | "ask";
  message: string | null;
  status: PlanRequestStatus;
  createdAt: string;
  decidedAt: string | null;
}

export const SelfServiceBody = z.strictObject({ enabled: z.boolean() });

/** One invoice on Settings → Billing. */
export interface BillingInvoice {
  id: string;
  number: string | null;
  /** In the currency's main unit (dollars). */
  amount: number;
  currency: string;
  status: string;
  createdAt: string;
  url: string | null;
}

/** GET /api/billing/me: Settings → Billing and the payment-failure banner. */
export interface BillingOverview {
  mode: "stripe" | "test";
  subscriptions: {
    kind: PlanKind;
    plan: string;
    interval: BillingInterval;
    status: string;
    renewsAt: string | null;
    cancelAtPeriodEnd: boolean;
  }[];
  /** Set after a failed payment: the plan falls back to genesis at this time unless a payment succeeds. */
  graceEndsAt: string | null;
  /** Null when Stripe could not be asked (the page says so); [] in test mode. */
  invoices: BillingInvoice[] | null;
}
