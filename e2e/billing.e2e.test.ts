// Paying for a plan in a real browser: a server of this file's own, connected to the loopback Stripe server (the
// shared one stays in test mode for the other files). A genesis user clicks Upgrade on /tiers, lands on the Checkout
// page, the test delivers the signed webhooks, and /tiers shows the new tier as Current with its limits; then a failed
// payment shows the banner. The grace period's end on a moved clock is in stripe-billing.test.ts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { tierByName } from "@aacos/domain/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripePeer, startStripeServer } from "../apps/server/src/test/stripe-server.js";
import { api, registerAccount } from "./support/api.js";
import { browser, openPage, screenshot } from "./support/browser.js";
import { type RunningServer, startServer } from "./support/server.js";

let stripe: StripePeer;
let server: RunningServer;
let baseUrl: string;
let dataDir: string;

const call = <T>(route: string, body?: unknown, token?: string) =>
  api<T>(route, { base: baseUrl, body, token });

beforeAll(async () => {
  stripe = await startStripeServer();
  dataDir = await mkdtemp(path.join(tmpdir(), "aacos-billing-"));
  server = await startServer({ dataDir, env: stripe.env(), name: "the billing server" });
  baseUrl = server.url;
  stripe.deliverTo(`${baseUrl}/api/billing/webhook`);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("paying for a plan with Stripe", () => {
  it("upgrades through Checkout: Current moves only after the signed webhook, and the limits follow", async () => {
    const { token } = await registerAccount("pay", baseUrl);
    expect((await call<{ mode: string }>("/api/billing/status")).body.mode).toBe("stripe");

    const page = await openPage(browser, `${baseUrl}/tiers`, { language: "en", token });
    await page.getByTestId("plan-current-genesis").waitFor();
    // No test-mode notice: payment is real here.
    expect(await page.getByTestId("test-mode-notice").count()).toBe(0);
    await page.getByTestId("plan-action-quantum").click();

    // The browser is on the (loopback) Checkout page; nothing has changed yet.
    await page.getByTestId("stripe-checkout").waitFor({ timeout: 20_000 });
    expect(page.url()).toContain(`${stripe.url}/checkout/`);
    const sessionId = page.url().split("/").pop() ?? "";
    expect((await call<{ tier: string }>("/api/plan/me", undefined, token)).body.tier).toBe(
      "genesis",
    );

    // The user pays; Stripe sends the signed webhooks and then returns the browser to the success URL.
    const { subscriptionId, results } = await stripe.completeCheckout(sessionId);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const successUrl = String(stripe.sessions.get(sessionId)?.success_url);
    expect(successUrl).toContain(`${baseUrl}/tiers?checkout=success`);
    await page.goto(successUrl);
    await page.getByTestId("checkout-return").waitFor();
    await page.getByTestId("plan-current-quantum").waitFor();
    expect(await page.getByTestId("plan-current-genesis").count()).toBe(0);
    const usage = await call<{ limits: { apiCallsPerMinute: number } }>(
      "/api/usage/me",
      undefined,
      token,
    );
    expect(usage.body.limits.apiCallsPerMinute).toBe(
      tierByName("quantum").limits.apiCallsPerMinute,
    );
    await screenshot(page, "billing-upgraded");

    // A renewal payment fails: the banner says until when the plan stays.
    const failed = await stripe.failPayment(subscriptionId);
    expect(failed.map((result) => result.status)).toEqual([200, 200]);
    await page.reload();
    await page.getByTestId("billing-past-due").waitFor();
    expect(await page.getByTestId("billing-past-due").innerText()).toContain("Genesis");
    await page.getByTestId("plan-current-quantum").waitFor();
    await page.context().close();
  });

  it("coming back from a cancelled Checkout says the plan has not changed", async () => {
    const { token } = await registerAccount("cancel", baseUrl);
    const page = await openPage(browser, `${baseUrl}/tiers?checkout=cancelled`, {
      language: "en",
      token,
    });
    await page.getByTestId("checkout-return").waitFor();
    expect(await page.getByTestId("checkout-return").innerText()).toContain(
      "your plan has not changed",
    );
    await page.getByTestId("plan-current-genesis").waitFor();
    await page.context().close();
  });
});

describe("without Stripe (the shared test server)", () => {
  it("says on /tiers that plan changes are free", async () => {
    const page = await openPage(browser, "/tiers", { language: "en" });
    await page.getByTestId("test-mode-notice").waitFor();
    expect(await page.getByTestId("test-mode-notice").innerText()).toContain(
      "Test mode — plan changes are free",
    );
    await page.context().close();
  });
});
