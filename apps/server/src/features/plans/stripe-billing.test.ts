// The Stripe provider through the real app and the official SDK, against the loopback Stripe server: upgrades open a
// Checkout and change nothing until the signed webhook; events apply once and in order; cancellations, failed
// payments with their grace period (a moved clock), deleted subscriptions; and every failure leaves the plan as it was.
import { BILLING_MESSAGES } from "@aacos/domain/billing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { billingSubscriptions, planChanges, users } from "../../db/schema.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { type StripePeer, startStripeServer } from "../../test/stripe-server.js";

const DAY_MS = 86_400_000;
/** The app's and the Stripe server's clock run this far ahead of the real one (grace tests move it). */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let stripe: StripePeer;
let test: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer({ clock });
  test = await buildTestApp({ ...stripe.env(), BILLING_GRACE_DAYS: "7" }, undefined, { clock });
  const address = await test.app.listen({ port: 0, host: "127.0.0.1" });
  stripe.deliverTo(`${address}/api/billing/webhook`);
});
afterAll(async () => {
  await test.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.refuseWith(null);
});

/** A fresh access token at the current (moved) clock. */
async function signIn(user: SignedInUser): Promise<SignedInUser> {
  const [row] = await test.database.db.select().from(users).where(eq(users.id, user.id));
  if (row === undefined) throw new Error("no such user");
  const tokens = await test.app.services.accounts.issueSession(row, false, {
    ip: "127.0.0.1",
    userAgent: "test",
  });
  return { ...user, token: tokens.token, auth: { authorization: `Bearer ${tokens.token}` } };
}

/** A request as the user, signed in afresh at the current (moved) clock. */
async function requestNow(
  user: SignedInUser,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) {
  return request(test.app, await signIn(user), method, url, payload);
}

async function planOf(user: SignedInUser) {
  const response = await requestNow(user, "GET", "/api/plan/me");
  expect(response.statusCode).toBe(200);
  return response.json<{
    tier: string;
    world: string;
    pendingTier: string | null;
    periodEndsAt: string | null;
    limits: { apiCallsPerMinute: number };
  }>();
}

function choose(user: SignedInUser, kind: "tier" | "world", plan: string, interval?: string) {
  return request(test.app, user, "POST", `/api/plan/${kind}`, {
    [kind]: plan,
    ...(interval ? { interval } : {}),
  });
}

/** Upgrade through Checkout and pay: the subscription id. */
async function subscribe(user: SignedInUser, kind: "tier" | "world", plan: string) {
  const response = await choose(await signIn(user), kind, plan);
  expect(response.statusCode).toBe(202);
  const sessionId = String(response.json().checkoutUrl).split("/").pop() ?? "";
  const { subscriptionId, results } = await stripe.completeCheckout(sessionId);
  expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
  return subscriptionId;
}

describe("upgrading with Stripe", () => {
  it("answers 202 with a Checkout URL and changes the plan only when the signed webhook arrives", async () => {
    const user = await createUser(test.app);
    const response = await choose(user, "tier", "quantum", "yearly");
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body).toEqual({ pending: true, checkoutUrl: expect.stringContaining(stripe.url) });
    const sessionId = String(body.checkoutUrl).split("/").pop() ?? "";
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: user.id,
      success_url: expect.stringContaining("/tiers?checkout=success"),
      cancel_url: expect.stringContaining("/tiers?checkout=cancelled"),
    });
    // One Price per plan and interval, at the catalogue's amount, found again by its lookup key.
    const price = [...stripe.prices.values()].find(
      (candidate) => candidate.lookup_key === "aacos_tier_quantum_yearly_47000_usd",
    );
    expect(price).toMatchObject({ unit_amount: 47000, recurring: { interval: "year" } });
    // Not paid yet: still genesis.
    expect((await planOf(user)).tier).toBe("genesis");

    const { results } = await stripe.completeCheckout(sessionId);
    expect(results.every((result) => result.status === 200)).toBe(true);
    const plan = await planOf(user);
    expect(plan.tier).toBe("quantum");
    expect(plan.limits.apiCallsPerMinute).toBeGreaterThan(10);
    const changes = await test.database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, user.id));
    expect(changes).toMatchObject([{ fromPlan: "genesis", toPlan: "quantum", provider: "stripe" }]);
  });

  it("keeps one Stripe customer per user and reuses the Price of an unchanged amount", async () => {
    const user = await createUser(test.app);
    const customersBefore = stripe.customers.size;
    await choose(user, "tier", "cosmic");
    await choose(user, "tier", "cosmic");
    expect(stripe.customers.size).toBe(customersBefore + 1);
    const cosmicPrices = [...stripe.prices.values()].filter(
      (price) => price.lookup_key === "aacos_tier_cosmic_monthly_19900_usd",
    );
    expect(cosmicPrices).toHaveLength(1);
  });

  it("makes a new Price after an admin's price change; the subscriber keeps theirs", async () => {
    const admin = await createUser(test.app, { roles: ["admin"] });
    const subscriber = await createUser(test.app);
    await subscribe(subscriber, "tier", "quantum");
    const before = [...stripe.subscriptions.values()].at(-1);
    const changed = await requestNow(admin, "PUT", "/api/admin/settings/tiers/quantum", {
      price: { monthly: 59 },
    });
    expect(changed.statusCode).toBe(200);
    const newcomer = await createUser(test.app);
    expect((await choose(newcomer, "tier", "quantum")).statusCode).toBe(202);
    expect(
      [...stripe.prices.values()].some(
        (price) => price.lookup_key === "aacos_tier_quantum_monthly_5900_usd",
      ),
    ).toBe(true);
    // The subscriber's subscription still points at the old Price.
    const items = before?.items as { data: { price: { unit_amount: number } }[] } | undefined;
    expect(items?.data[0]?.price.unit_amount).toBe(4900);
    await requestNow(admin, "DELETE", "/api/admin/settings/tiers/quantum");
  });

  it("upgrades a world the same way, and an upgrade replaces the older subscription", async () => {
    const user = await createUser(test.app);
    await subscribe(user, "world", "awakening");
    expect((await planOf(user)).world).toBe("awakening");
    const first = await subscribe(user, "tier", "quantum");
    const second = await subscribe(user, "tier", "cosmic");
    expect((await planOf(user)).tier).toBe("cosmic");
    // The quantum subscription was cancelled at Stripe; its "deleted" event then changes nothing.
    expect(stripe.subscriptions.get(first)?.status).toBe("canceled");
    expect((await stripe.endSubscription(first))[0]?.status).toBe(200);
    expect((await planOf(user)).tier).toBe("cosmic");
    expect(second).not.toBe(first);
  });
});

describe("webhooks", () => {
  it("refuses forged, unsigned and replayed deliveries with 400, and nothing changes", async () => {
    const user = await createUser(test.app);
    const response = await choose(user, "tier", "quantum");
    const session = stripe.sessions.get(String(response.json().checkoutUrl).split("/").pop() ?? "");
    const customer = String(session?.customer);
    const event = stripe.event("checkout.session.completed", {
      ...session,
      subscription: "sub_forged",
      customer,
    });
    const unsigned = await stripe.send(event, { signature: null });
    expect(unsigned.status).toBe(400);
    expect(JSON.parse(unsigned.body).error.message).toBe(BILLING_MESSAGES.signatureInvalid);
    const forged = await stripe.send(event, {
      signature: `t=${Math.floor(clock().getTime() / 1000)},v1=${"0".repeat(64)}`,
    });
    expect(forged.status).toBe(400);
    // A genuine signature from ten minutes ago (a captured delivery sent again) is outside the tolerance.
    const replayed = await stripe.send(event, {
      timestamp: Math.floor(clock().getTime() / 1000) - 600,
    });
    expect(replayed.status).toBe(400);
    expect((await planOf(user)).tier).toBe("genesis");
  });

  it("applies each event once: the same event delivered again changes nothing", async () => {
    const user = await createUser(test.app);
    const subscriptionId = await subscribe(user, "tier", "quantum");
    const subscription = stripe.subscriptions.get(subscriptionId) ?? {};
    const deleted = stripe.event("customer.subscription.deleted", {
      ...subscription,
      status: "canceled",
    });
    expect((await stripe.send(deleted)).status).toBe(200);
    expect((await planOf(user)).tier).toBe("genesis");
    // The user subscribes again; the old deletion, delivered a second time, must not undo it.
    await subscribe(user, "tier", "quantum");
    const again = await stripe.send(deleted);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    expect((await planOf(user)).tier).toBe("quantum");
  });

  it("ignores an event older than the state already applied (out of order)", async () => {
    const user = await createUser(test.app);
    const subscriptionId = await subscribe(user, "tier", "quantum");
    const subscription = stripe.subscriptions.get(subscriptionId) ?? {};
    const created = Math.floor(clock().getTime() / 1000);
    const later = stripe.event(
      "customer.subscription.deleted",
      { ...subscription, status: "canceled" },
      created + 60,
    );
    const earlier = stripe.event(
      "customer.subscription.updated",
      { ...subscription, status: "active" },
      created + 30,
    );
    expect((await stripe.send(later)).status).toBe(200);
    expect((await stripe.send(earlier)).status).toBe(200);
    expect((await planOf(user)).tier).toBe("genesis");
  });

  it("logs and accepts an event for an unknown customer, changing nothing", async () => {
    const user = await createUser(test.app, { tier: "genesis" });
    const stranger = stripe.event("customer.subscription.created", {
      id: "sub_stranger",
      object: "subscription",
      customer: "cus_nobody",
      status: "active",
      metadata: { userId: user.id, kind: "tier", plan: "infinity", interval: "monthly" },
      items: { data: [] },
    });
    const response = await stripe.send(stranger);
    expect(response.status).toBe(200);
    expect((await planOf(user)).tier).toBe("genesis");
  });
});

describe("managing a subscription", () => {
  it("cancelling at the period end schedules genesis; the deleted subscription applies it", async () => {
    const user = await createUser(test.app);
    const subscriptionId = await subscribe(user, "tier", "cosmic");
    const down = await choose(await signIn(user), "tier", "genesis");
    expect(down.statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const plan = await planOf(user);
    expect(plan).toMatchObject({ tier: "cosmic", pendingTier: "genesis" });
    // Stripe's update (cancel_at_period_end) arrives: still cosmic until the end.
    const subscription = stripe.subscriptions.get(subscriptionId) ?? {};
    await stripe.send(stripe.event("customer.subscription.updated", subscription));
    expect(await planOf(user)).toMatchObject({ tier: "cosmic", pendingTier: "genesis" });
    await stripe.endSubscription(subscriptionId);
    expect((await planOf(user)).tier).toBe("genesis");
  });

  it("opens the Billing Portal for a customer, and says so to a user without one", async () => {
    const user = await createUser(test.app);
    const none = await request(test.app, user, "POST", "/api/billing/portal");
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.billing).toBe(BILLING_MESSAGES.noSubscription);
    await subscribe(user, "tier", "quantum");
    const portal = await requestNow(user, "POST", "/api/billing/portal");
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toContain(`${stripe.url}/portal/`);
  });

  it("shows plan, next renewal and invoices on Settings → Billing", async () => {
    const user = await createUser(test.app);
    await subscribe(user, "tier", "quantum");
    const response = await requestNow(user, "GET", "/api/billing/me");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      mode: "stripe",
      subscriptions: [{ kind: "tier", plan: "quantum", interval: "monthly" }],
      graceEndsAt: null,
    });
    expect(body.subscriptions[0].renewsAt).not.toBeNull();
    expect(body.invoices).toMatchObject([{ amount: 49, currency: "USD", status: "paid" }]);
  });

  it("a failed payment mails the user and starts a grace period; after it, genesis", async () => {
    const user = await createUser(test.app);
    const subscriptionId = await subscribe(user, "tier", "cosmic");
    const results = await stripe.failPayment(subscriptionId);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const overview = (await requestNow(user, "GET", "/api/billing/me")).json();
    const graceMs = new Date(overview.graceEndsAt).getTime() - clock().getTime();
    expect(Math.abs(graceMs - 7 * DAY_MS)).toBeLessThan(60_000);
    await test.app.services.mailer.idle();
    const mail = (await test.app.services.mailer.outbox(50)).find(
      (item) => item.to === user.email && item.subject.includes("payment failed"),
    );
    expect(mail?.text).toContain("falls back to Genesis");
    // Six days on: still cosmic.
    offsetMs += 6 * DAY_MS;
    expect(await test.app.services.stripe?.expireGraces()).toBe(0);
    expect((await planOf(user)).tier).toBe("cosmic");
    // Past the seventh day the scheduled job ends it.
    offsetMs += DAY_MS + 60_000;
    expect(await test.app.services.stripe?.expireGraces()).toBe(1);
    expect((await planOf(user)).tier).toBe("genesis");
    const [row] = await test.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, subscriptionId));
    expect(row).toMatchObject({ status: "canceled", current: false, graceEndsAt: null });
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");
  });

  it("a payment that succeeds during the grace period keeps the plan", async () => {
    const user = await createUser(test.app);
    const subscriptionId = await subscribe(user, "tier", "quantum");
    await stripe.failPayment(subscriptionId);
    const subscription = stripe.subscriptions.get(subscriptionId) ?? {};
    const invoice = [...stripe.invoices.values()].at(-1) ?? {};
    await stripe.send(stripe.event("invoice.paid", { ...invoice, status: "paid" }));
    subscription.status = "active";
    await stripe.send(stripe.event("customer.subscription.updated", subscription));
    offsetMs += 8 * DAY_MS;
    expect(await test.app.services.stripe?.expireGraces()).toBe(0);
    expect((await planOf(user)).tier).toBe("quantum");
  });
});

describe("failure is closed", () => {
  it("Stripe refusing or unreachable: the plan stays, the user reads why", async () => {
    const user = await createUser(test.app);
    for (const status of [500, 402, 401]) {
      stripe.refuseWith(status);
      const response = await choose(await signIn(user), "tier", "cosmic");
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toEqual({
        code: "billing_unavailable",
        message: BILLING_MESSAGES.unavailable,
      });
    }
    stripe.refuseWith(null);
    expect((await planOf(user)).tier).toBe("genesis");
  });

  it("refuses a custom-priced plan: it is not self-service", async () => {
    const user = await createUser(test.app);
    const response = await choose(user, "world", "infinity");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.world).toBe(BILLING_MESSAGES.customPrice);
    expect(stripe.sessions.size).toBeGreaterThan(0);
  });
});
