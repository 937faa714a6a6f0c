// The Stripe provider (docs/decisions/175-stripe-billing.md): a user's upgrade opens a Checkout Session and changes
// nothing until the signed webhook confirms the payment; webhooks are applied once each (by event id) and in order
// (by the event's time per subscription); a failed payment starts a grace period that ends in genesis.

import {
  BILLING_MESSAGES,
  type BillingInterval,
  type BillingOverview,
  type PlanKind,
} from "@aacos/domain/billing";
import {
  addDays,
  TIER_NAMES,
  type TierName,
  tierDirection,
  toTierName,
  toWorldName,
  WORLD_NAMES,
} from "@aacos/domain/catalog";
import { fieldFailure } from "@aacos/domain/errors";
import { and, eq, isNotNull, lte, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { billingCustomers, billingEvents, billingSubscriptions, users } from "../../db/schema.js";
import type { UserRow } from "../../platform/auth.js";
import { AppError, validationFailed } from "../../platform/errors.js";
import { tierByName } from "../../platform/live-catalog.js";
import type { Mailer } from "../mail/index.js";
import {
  type BillingProvider,
  createImmediateBillingProvider,
  hadTrialOn,
} from "./billing-provider.js";
import { createPaidPlanWriter } from "./paid-plans.js";
import type { StripeGateway, SubscriptionMetadata } from "./stripe-gateway.js";

const PROVIDER = "stripe";
/** Subscription states that keep the paid plan (past_due: a payment failed, the grace period runs). */
const PAYING = new Set(["active", "trialing", "past_due"]);
/** States that end it. */
const ENDED = new Set(["canceled", "unpaid", "incomplete_expired"]);

type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

/** What a subscription event says, read from the payload whatever the API version. */
interface SubscriptionState {
  id: string;
  customerId: string;
  metadata: SubscriptionMetadata | null;
  status: string;
  periodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : isObject(value) && typeof value.id === "string"
      ? value.id
      : null;
const seconds = (value: unknown): Date | null =>
  typeof value === "number" && value > 0 ? new Date(value * 1000) : null;

function readMetadata(value: unknown): SubscriptionMetadata | null {
  if (!isObject(value)) return null;
  const { userId, kind, plan, interval } = value;
  if (typeof userId !== "string" || typeof plan !== "string") return null;
  if (kind === "tier" && !(TIER_NAMES as readonly string[]).includes(plan)) return null;
  if (kind === "world" && !(WORLD_NAMES as readonly string[]).includes(plan)) return null;
  if (kind !== "tier" && kind !== "world") return null;
  return { userId, kind, plan, interval: interval === "yearly" ? "yearly" : "monthly" };
}

function readSubscription(object: Json, deleted: boolean): SubscriptionState | null {
  const id = text(object.id);
  const customerId = text(object.customer);
  if (id === null || customerId === null) return null;
  // Newer API versions keep the period on the subscription's items.
  const items = isObject(object.items) && Array.isArray(object.items.data) ? object.items.data : [];
  const firstItem: unknown = items[0];
  const periodEnd =
    seconds(object.current_period_end) ??
    (isObject(firstItem) ? seconds(firstItem.current_period_end) : null);
  return {
    id,
    customerId,
    metadata: readMetadata(object.metadata),
    status: deleted ? "canceled" : typeof object.status === "string" ? object.status : "active",
    periodEnd,
    trialEnd: seconds(object.trial_end),
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
  };
}

/** The subscription an invoice belongs to, in the old and the new payload shape. */
function invoiceSubscription(object: Json): string | null {
  const direct = text(object.subscription);
  if (direct !== null) return direct;
  const parent = object.parent;
  if (isObject(parent) && isObject(parent.subscription_details)) {
    return text(parent.subscription_details.subscription);
  }
  return null;
}

export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

export interface StripeBilling {
  provider: BillingProvider;
  /** Verifies and applies one webhook delivery; throws a 400 for a bad signature. */
  handleWebhook(payload: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }>;
  /** Plans whose grace period has ended fall back to genesis (the scheduler runs it; settle does it per user). */
  expireGraces(userId?: string): Promise<number>;
  overview(userId: string): Promise<BillingOverview>;
  portal(userId: string): Promise<string>;
  /** Looks up or creates the Prices of the catalogue (at start; a failure is logged and retried at checkout). */
  syncPrices(): Promise<number>;
}

export function createStripeBilling(deps: {
  db: Db;
  clock: () => Date;
  gateway: StripeGateway;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  graceDays: number;
  onWorldChanged?: (userId: string) => Promise<unknown>;
}): StripeBilling {
  const { db, clock, gateway, log } = deps;
  const free = createImmediateBillingProvider({ db, clock });
  const writer = createPaidPlanWriter({ db, clock, provider: PROVIDER });

  /** A Stripe call on a user's behalf: a refusal or an outage is logged and answered plainly; nothing changed. */
  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error, call: what }, "Stripe call failed");
      throw new AppError("billing_unavailable", 502, BILLING_MESSAGES.unavailable);
    }
  }

  async function customerOf(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    return row?.customerId ?? null;
  }

  async function userOfCustomer(customerId: string): Promise<string | null> {
    const [row] = await db
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(eq(billingCustomers.customerId, customerId));
    return row?.userId ?? null;
  }

  /** One Stripe customer per user, made on the first checkout. */
  async function ensureCustomer(user: UserRow): Promise<string> {
    const known = await customerOf(user.id);
    if (known !== null) return known;
    const created = await call("customers.create", () => gateway.createCustomer(user));
    await db
      .insert(billingCustomers)
      .values({ userId: user.id, customerId: created, createdAt: clock() })
      .onConflictDoNothing();
    // Two first checkouts at once: the first row wins, the other customer stays unused at Stripe.
    return (await customerOf(user.id)) ?? created;
  }

  async function currentSubscription(userId: string, kind: PlanKind) {
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.userId, userId),
          eq(billingSubscriptions.kind, kind),
          eq(billingSubscriptions.current, true),
        ),
      );
    return row ?? null;
  }

  async function checkout(
    user: UserRow,
    kind: PlanKind,
    plan: string,
    interval: BillingInterval,
    trialDays: number,
  ) {
    const customerId = await ensureCustomer(user);
    const priceId = await call("prices", () => gateway.priceFor(kind, plan, interval));
    const back = `${deps.publicUrl}/tiers`;
    const session = await call("checkout.sessions.create", () =>
      gateway.createCheckout({
        customerId,
        priceId,
        userId: user.id,
        kind,
        plan,
        interval,
        trialDays,
        successUrl: `${back}?checkout=success&kind=${kind}&plan=${plan}`,
        cancelUrl: `${back}?checkout=cancelled&kind=${kind}&plan=${plan}`,
      }),
    );
    return {
      effectiveAt: clock(),
      trialEndsAt: null,
      pending: true,
      bonusTokens: 0,
      checkoutUrl: session.url,
    };
  }

  /** Moves a tier subscription to the price of `plan`. */
  async function repriceTier(
    user: UserRow,
    subscriptionId: string,
    plan: TierName,
    interval: BillingInterval,
  ) {
    const price = await call("prices", () => gateway.priceFor("tier", plan, interval));
    await call("subscriptions.update", () =>
      gateway.changePrice(subscriptionId, price, {
        userId: user.id,
        kind: "tier",
        plan,
        interval,
      }),
    );
  }

  const provider: BillingProvider = {
    name: PROVIDER,

    async changeTier(user, to, options) {
      // An admin's change (or grant) applies at once, without payment, as with the free provider.
      if (options.actorId !== null) return free.changeTier(user, to, options);
      const from = toTierName(user.tier);
      const direction = tierDirection(from, to);
      const subscription = await currentSubscription(user.id, "tier");
      if (direction === "up") {
        const trialDays = (await hadTrialOn(db, user.id, to))
          ? 0
          : tierByName(to).pricing.trialDays;
        return checkout(user, "tier", to, options.interval ?? "monthly", trialDays);
      }
      if (subscription !== null) {
        const interval = subscription.interval === "yearly" ? "yearly" : "monthly";
        if (direction === "same") {
          // Calling off a scheduled downgrade: the subscription renews at the current tier's price again.
          if (subscription.plan !== from) {
            await repriceTier(user, subscription.id, from, interval);
          } else if (subscription.cancelAtPeriodEnd) {
            await call("subscriptions.update", () =>
              gateway.setCancelAtPeriodEnd(subscription.id, false),
            );
          }
        } else if (to === "genesis") {
          await call("subscriptions.update", () =>
            gateway.setCancelAtPeriodEnd(subscription.id, true),
          );
        } else {
          await repriceTier(user, subscription.id, to, interval);
        }
      }
      // The paid period runs on: the lower tier is scheduled for its end, as with the free provider.
      return free.changeTier(user, to, options);
    },

    async changeWorld(user, to, options) {
      if (options.actorId !== null) return free.changeWorld(user, to, options);
      return checkout(user, "world", to, options.interval ?? "monthly", 0);
    },

    async settle(user) {
      if ((await expireGraces(user.id)) > 0) {
        const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
        return free.settle(fresh ?? user);
      }
      return free.settle(user);
    },
  };

  async function applyPlan(userId: string, row: SubscriptionRow, state: SubscriptionState | null) {
    const paying = PAYING.has(row.status);
    if (row.kind === "world") {
      const changed = await writer.applyWorld(userId, paying ? toWorldName(row.plan) : "genesis");
      if (changed) await deps.onWorldChanged?.(userId);
      return;
    }
    const tier: TierName = paying ? toTierName(row.plan) : "genesis";
    await writer.applyTier(userId, {
      tier,
      periodEndsAt: row.currentPeriodEnd,
      trialEndsAt: row.status === "trialing" ? (state?.trialEnd ?? null) : null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      ended: !paying,
    });
  }

  /**
   * Records what a subscription event says and applies it to the plan when the subscription pays for it. An event
   * older than the newest one applied for this subscription, or about an ended one, changes nothing. `takeOver`:
   * a new subscription (checkout completed, subscription created) replaces the user's older one of its kind.
   */
  async function applySubscription(
    userId: string,
    state: SubscriptionState,
    metadata: SubscriptionMetadata,
    created: number,
    takeOver: boolean,
  ) {
    const now = clock();
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, state.id));
    if (row !== undefined && (row.eventCreated > created || ENDED.has(row.status))) {
      log.info({ subscription: state.id, created }, "Stripe event older than the applied state");
      return;
    }
    let current = row?.current ?? false;
    const replaced: SubscriptionRow[] = [];
    if (!current && takeOver && PAYING.has(state.status)) {
      const others = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.userId, userId),
            eq(billingSubscriptions.kind, metadata.kind),
            eq(billingSubscriptions.current, true),
            ne(billingSubscriptions.id, state.id),
          ),
        );
      if (others.every((other) => other.eventCreated <= created)) {
        current = true;
        replaced.push(...others);
      }
    }
    const ended = ENDED.has(state.status);
    const periodEnd =
      state.periodEnd ??
      row?.currentPeriodEnd ??
      addDays(now, metadata.interval === "yearly" ? 365 : 30);
    const values = {
      userId,
      kind: metadata.kind,
      plan: metadata.plan,
      interval: metadata.interval,
      status: state.status,
      current: current && !ended,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      graceEndsAt: ended ? null : (row?.graceEndsAt ?? null),
      eventCreated: Math.max(created, row?.eventCreated ?? 0),
      updatedAt: now,
    };
    const [saved] = await db.transaction(async (tx) => {
      for (const other of replaced) {
        await tx
          .update(billingSubscriptions)
          .set({ current: false, updatedAt: now })
          .where(eq(billingSubscriptions.id, other.id));
      }
      return tx
        .insert(billingSubscriptions)
        .values({ id: state.id, ...values })
        .onConflictDoUpdate({ target: billingSubscriptions.id, set: values })
        .returning();
    });
    if (saved !== undefined && current) await applyPlan(userId, saved, state);
    // The replaced subscription stops billing; its own "deleted" event then finds it no longer current.
    for (const other of replaced) {
      await gateway
        .cancel(other.id)
        .catch((error: unknown) =>
          log.error({ err: error, subscription: other.id }, "replaced subscription not cancelled"),
        );
    }
  }

  async function applyEvent(event: StripeEvent) {
    const object = event.data.object;
    if (!isObject(object)) return;
    const customerId = text(object.customer);
    if (customerId === null) return;
    const userId = await userOfCustomer(customerId);
    if (userId === null) {
      log.warn(
        { event: event.id, type: event.type, customerId },
        "Stripe event for an unknown customer",
      );
      return;
    }
    switch (event.type) {
      case "checkout.session.completed": {
        const subscriptionId = text(object.subscription);
        const metadata = readMetadata(object.metadata);
        if (subscriptionId === null || metadata === null || metadata.userId !== userId) {
          log.warn({ event: event.id }, "checkout session without a plan of this customer");
          return;
        }
        await applySubscription(
          userId,
          {
            id: subscriptionId,
            customerId,
            metadata,
            status: "active",
            periodEnd: null,
            trialEnd: null,
            cancelAtPeriodEnd: false,
          },
          metadata,
          event.created,
          true,
        );
        return;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const state = readSubscription(object, event.type === "customer.subscription.deleted");
        if (state === null || state.metadata === null || state.metadata.userId !== userId) {
          log.warn({ event: event.id }, "subscription without a plan of this customer");
          return;
        }
        await applySubscription(
          userId,
          state,
          state.metadata,
          event.created,
          event.type === "customer.subscription.created",
        );
        return;
      }
      case "invoice.payment_failed": {
        const subscriptionId = invoiceSubscription(object);
        const row = subscriptionId === null ? null : await subscriptionRow(subscriptionId, userId);
        if (row === null || !row.current || row.graceEndsAt !== null) return;
        const graceEndsAt = addDays(clock(), deps.graceDays);
        await db
          .update(billingSubscriptions)
          .set({ graceEndsAt, updatedAt: clock() })
          .where(eq(billingSubscriptions.id, row.id));
        const [user] = await db.select().from(users).where(eq(users.id, userId));
        if (user !== undefined) {
          await deps.mailer.queue({
            to: user.email,
            subject: "AACOS: your payment failed",
            text: [
              `Hello ${user.username},`,
              "",
              `The payment for your ${row.plan} ${row.kind} did not go through.`,
              `Please update your card by ${graceEndsAt.toISOString().slice(0, 10)}; after that date your plan falls back to Genesis.`,
              "",
              `Manage your billing: ${deps.publicUrl}/settings#billing`,
            ].join("\n"),
          });
        }
        return;
      }
      case "invoice.paid":
      case "invoice.payment_succeeded": {
        const subscriptionId = invoiceSubscription(object);
        if (subscriptionId === null) return;
        await db
          .update(billingSubscriptions)
          .set({ graceEndsAt: null, updatedAt: clock() })
          .where(
            and(
              eq(billingSubscriptions.id, subscriptionId),
              eq(billingSubscriptions.userId, userId),
            ),
          );
        return;
      }
      default:
        return;
    }
  }

  async function subscriptionRow(id: string, userId: string) {
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.id, id), eq(billingSubscriptions.userId, userId)));
    return row ?? null;
  }

  async function expireGraces(userId?: string): Promise<number> {
    const now = clock();
    const due = await db
      .select()
      .from(billingSubscriptions)
      .where(
        and(
          isNotNull(billingSubscriptions.graceEndsAt),
          lte(billingSubscriptions.graceEndsAt, now),
          userId === undefined ? undefined : eq(billingSubscriptions.userId, userId),
        ),
      );
    for (const row of due) {
      const [ended] = await db
        .update(billingSubscriptions)
        .set({ status: "canceled", current: false, graceEndsAt: null, updatedAt: now })
        .where(
          and(eq(billingSubscriptions.id, row.id), isNotNull(billingSubscriptions.graceEndsAt)),
        )
        .returning();
      // Another instance ended it first.
      if (ended === undefined) continue;
      if (row.current) await applyPlan(row.userId, ended, null);
      await gateway
        .cancel(row.id)
        .catch((error: unknown) =>
          log.error({ err: error, subscription: row.id }, "unpaid subscription not cancelled"),
        );
      log.info(
        { userId: row.userId, subscription: row.id },
        "grace period over: plan back to genesis",
      );
    }
    return due.length;
  }

  return {
    provider,

    async handleWebhook(payload, signature) {
      let event: StripeEvent;
      try {
        if (signature === undefined || signature === "")
          throw new Error("no Stripe-Signature header");
        event = await gateway.constructEvent(payload, signature, clock().getTime());
      } catch (error) {
        log.warn({ err: error }, "Stripe webhook refused: bad signature");
        throw new AppError("signature_invalid", 400, BILLING_MESSAGES.signatureInvalid);
      }
      const fresh = await db
        .insert(billingEvents)
        .values({ id: event.id, type: event.type, receivedAt: clock() })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (fresh.length === 0) return { duplicate: true };
      try {
        await applyEvent(event);
      } catch (error) {
        // Not applied: forget the id so Stripe's retry is applied.
        await db.delete(billingEvents).where(eq(billingEvents.id, event.id));
        throw error;
      }
      return { duplicate: false };
    },

    expireGraces: () => expireGraces(),

    async overview(userId) {
      const rows = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(eq(billingSubscriptions.userId, userId), eq(billingSubscriptions.current, true)),
        );
      const customerId = await customerOf(userId);
      let invoices: BillingOverview["invoices"] = [];
      if (customerId !== null) {
        invoices = await gateway.invoices(customerId).catch((error: unknown) => {
          log.error({ err: error }, "Stripe invoices unavailable");
          return null;
        });
      }
      const graces = rows.flatMap((row) => (row.graceEndsAt === null ? [] : [row.graceEndsAt]));
      graces.sort((a, b) => a.getTime() - b.getTime());
      return {
        mode: "stripe",
        subscriptions: rows.map((row) => ({
          kind: row.kind === "world" ? "world" : "tier",
          plan: row.plan,
          interval: row.interval === "yearly" ? "yearly" : "monthly",
          status: row.status,
          renewsAt: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        })),
        graceEndsAt: graces[0]?.toISOString() ?? null,
        invoices,
      };
    },

    async portal(userId) {
      const customerId = await customerOf(userId);
      if (customerId === null)
        throw validationFailed({
          billing: fieldFailure(BILLING_MESSAGES.noSubscription, "no_subscription"),
        });
      return call("billingPortal.sessions.create", () =>
        gateway.createPortal(customerId, `${deps.publicUrl}/settings#billing`),
      );
    },

    syncPrices: () => gateway.syncPrices(),
  };
}
