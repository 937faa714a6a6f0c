// The zod-free part of the billing rules: intervals, custom prices, the billing status and the payment messages. The
// tier chooser imports these at start; the request schemas (billing.ts) would bring zod with them (docs/decisions/171).

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

// The replies' types (replies/plans.ts); types only, so no zod comes with them.
export type { BillingStatus, PendingCheckout } from "./plans/replies.js";

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
