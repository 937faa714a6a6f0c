// The few Stripe calls billing makes, on the official SDK: customers, Prices by lookup_key, Checkout and Billing
// Portal sessions, subscription updates, invoices, and the webhook signature check. STRIPE_API_BASE points it at
// Stripe's API or, in tests, at the loopback server in src/test/stripe-server.ts.
import {
  amountInCents,
  type BillingInterval,
  type BillingInvoice,
  isCustomPrice,
  type PlanKind,
  priceLookupKey,
} from "@aacos/domain/billing";
import { TIER_NAMES, WORLD_NAMES } from "@aacos/domain/catalog";
import type Stripe from "stripe";
import type { StripeConfig } from "../../config.js";
import { tierByName, worldByName } from "../../platform/live-catalog.js";

/** What a paid plan's subscription carries, so every webhook knows whose plan it pays for. */
export interface SubscriptionMetadata {
  userId: string;
  kind: PlanKind;
  plan: string;
  interval: BillingInterval;
}

export interface CheckoutRequest extends SubscriptionMetadata {
  customerId: string;
  priceId: string;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface StripeGateway {
  createCustomer(user: { id: string; email: string; username: string }): Promise<string>;
  /** The active Price of this plan's current catalogue amount: found by lookup_key, or created. */
  priceFor(kind: PlanKind, plan: string, interval: BillingInterval): Promise<string>;
  /** Looks up (or creates) the Price of every paid, non-custom plan and interval; answers how many. */
  syncPrices(): Promise<number>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** A cheaper plan from the next renewal on: the price changes without proration, the metadata names the plan. */
  changePrice(
    subscriptionId: string,
    priceId: string,
    metadata: SubscriptionMetadata,
  ): Promise<void>;
  cancel(subscriptionId: string): Promise<void>;
  invoices(customerId: string): Promise<BillingInvoice[]>;
  /** Throws when the signature is missing, wrong or too old; `receivedAt` is the server clock (milliseconds). */
  constructEvent(payload: Buffer, signature: string, receivedAt: number): Promise<Stripe.Event>;
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

function pricingOf(kind: PlanKind, plan: string) {
  return kind === "tier"
    ? tierByName(plan as (typeof TIER_NAMES)[number]).pricing
    : worldByName(plan as (typeof WORLD_NAMES)[number]).pricing;
}

export function createStripeGateway(config: StripeConfig): StripeGateway {
  // The SDK (about 700 KB) is its own chunk, loaded on the first call rather than with the server
  // (docs/decisions/204-start-up-lazy-modules.md); a server without Stripe never loads it.
  let loading: Promise<Stripe> | null = null;
  const client = () => {
    loading ??= import("stripe").then(
      ({ default: Sdk }) =>
        new Sdk(config.secretKey, {
          host: config.apiBase.host,
          port: config.apiBase.port,
          protocol: config.apiBase.protocol,
          // A refusal is answered at once (the user's plan stays); Stripe's own retries would keep them waiting.
          maxNetworkRetries: 0,
          timeout: 15_000,
          appInfo: { name: "AACOS" },
        }),
    );
    return loading;
  };
  /** Price ids by lookup key: a key names one amount, so a found Price never goes stale. */
  const prices = new Map<string, string>();

  async function priceFor(kind: PlanKind, plan: string, interval: BillingInterval) {
    const pricing = pricingOf(kind, plan);
    const cents = amountInCents(pricing, interval);
    const currency = ("currency" in pricing ? String(pricing.currency) : "USD").toLowerCase();
    const key = priceLookupKey(kind, plan, interval, cents, currency);
    const known = prices.get(key);
    if (known !== undefined) return known;
    const found = await (await client()).prices.list({
      lookup_keys: [key],
      active: true,
      limit: 1,
    });
    let id = found.data[0]?.id;
    if (id === undefined) {
      const created = await (await client()).prices.create({
        currency,
        unit_amount: cents,
        recurring: { interval: interval === "yearly" ? "year" : "month" },
        lookup_key: key,
        product_data: { name: `AACOS ${plan} (${kind})` },
        metadata: { kind, plan, interval },
      });
      id = created.id;
    }
    prices.set(key, id);
    return id;
  }

  return {
    async createCustomer(user) {
      const customer = await (await client()).customers.create({
        email: user.email,
        name: user.username,
        metadata: { userId: user.id },
      });
      return customer.id;
    },

    priceFor,

    async syncPrices() {
      let count = 0;
      const plans: [PlanKind, string][] = [
        ...TIER_NAMES.map((name): [PlanKind, string] => ["tier", name]),
        ...WORLD_NAMES.map((name): [PlanKind, string] => ["world", name]),
      ];
      for (const [kind, plan] of plans) {
        const pricing = pricingOf(kind, plan);
        if (pricing.monthly === 0 || isCustomPrice(pricing)) continue;
        for (const interval of ["monthly", "yearly"] as const) {
          await priceFor(kind, plan, interval);
          count += 1;
        }
      }
      return count;
    },

    async createCheckout(request) {
      const metadata = {
        userId: request.userId,
        kind: request.kind,
        plan: request.plan,
        interval: request.interval,
      };
      const session = await (await client()).checkout.sessions.create({
        mode: "subscription",
        customer: request.customerId,
        client_reference_id: request.userId,
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata,
        subscription_data: {
          metadata,
          ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
        },
      });
      if (session.url === null) throw new Error("Stripe answered a checkout session without a URL");
      return { id: session.id, url: session.url };
    },

    async createPortal(customerId, returnUrl) {
      const session = await (await client()).billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await (await client()).subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async changePrice(subscriptionId, priceId, metadata) {
      const subscription = await (await client()).subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (item === undefined) throw new Error(`subscription ${subscriptionId} has no item`);
      await (await client()).subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: "none",
        cancel_at_period_end: false,
        metadata: { ...metadata },
      });
    },

    async cancel(subscriptionId) {
      await (await client()).subscriptions.cancel(subscriptionId);
    },

    async invoices(customerId) {
      const list = await (await client()).invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((invoice) => ({
        id: invoice.id ?? "",
        number: invoice.number ?? null,
        amount: (invoice.total ?? 0) / 100,
        currency: (invoice.currency ?? "usd").toUpperCase(),
        status: invoice.status ?? "open",
        createdAt: new Date((invoice.created ?? 0) * 1000).toISOString(),
        url: invoice.hosted_invoice_url ?? null,
      }));
    },

    async constructEvent(payload, signature, receivedAt) {
      return (await client()).webhooks.constructEvent(
        payload,
        signature,
        config.webhookSecret,
        // Stripe's five minutes: an older signature is a replay.
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      );
    },
  };
}
