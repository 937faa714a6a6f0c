// Accounts in a real browser: register, sign out, sign in with two-factor, reset the password through real mail,
// sign in through a real OpenID Connect provider.
import { generate } from "otplib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "./support/api.js";
import {
  browser,
  openPage,
  registerThroughForm,
  screenshot,
  seriousViolations,
  signInThroughForm,
  waitForApp,
} from "./support/browser.js";
import { linkIn, waitForMail } from "./support/mail.js";

const tag = () => `u${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function signOut(page: Page) {
  // The menu closes when the route changes, and the app may still be moving to its first signed-in page: open it
  // again as a user would, when it closed before its sign-out item could be clicked.
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId("user-menu-button").click();
    const shown = await page
      .getByTestId("user-menu-sign-out")
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (shown || attempt === 3) break;
  }
  await page.getByTestId("user-menu-sign-out").click();
  await page.getByTestId("header-sign-in").waitFor();
}

describe("an account's life", () => {
  it("registers, signs out, turns on two-factor and signs in with a code", async () => {
    const name = tag();
    const page = await registerThroughForm(browser, name, "en");
    await screenshot(page, "accounts-registered");

    await signOut(page);
    await signInThroughForm(page, name, PASSWORD);
    await page.getByTestId("user-menu-button").waitFor();

    await page.goto(new URL("/settings", page.url()).toString());
    await page.getByTestId("two-factor-enable").click();
    const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s+/g, "");
    const now = Math.floor(Date.now() / 1000);
    await page.getByTestId("two-factor-code").fill(await generate({ secret, epoch: now }));
    await page.getByTestId("two-factor-confirm").click();
    await page.getByTestId("recovery-codes").waitFor();
    expect(await page.getByTestId("recovery-code").count()).toBe(10);
    await screenshot(page, "accounts-recovery-codes");
    await page.getByTestId("recovery-done").click();

    await signOut(page);
    await signInThroughForm(page, `${name}@example.com`, PASSWORD);
    await page.getByTestId("auth-mfa").waitFor();
    // The enabling code is spent; the next time step's code is what the app would show next.
    await page.getByTestId("mfa-code").fill(await generate({ secret, epoch: now + 30 }));
    await page.getByTestId("mfa-submit").click();
    await page.getByTestId("user-menu-button").waitFor();
    await page.context().close();
  });

  it("resets a forgotten password through the mailed link", async () => {
    const name = tag();
    const page = await registerThroughForm(browser, name, "he");
    await signOut(page);

    await page.goto(new URL("/auth/login", page.url()).toString());
    await waitForApp(page);
    await page.getByTestId("login-forgot-password").click();
    await page.getByTestId("forgot-email").fill(`${name}@example.com`);
    await page.getByTestId("forgot-submit").click();
    await page.getByTestId("forgot-sent").waitFor();

    const mail = await waitForMail(`${name}@example.com`);
    const link = linkIn(mail, "/auth/reset-password");
    await page.goto(link.toString());
    const newPassword = "Rt5!mNq8Wz";
    await page.getByTestId("reset-password").fill(newPassword);
    await page.getByTestId("reset-submit").click();
    await page.getByTestId("reset-done").waitFor();
    await screenshot(page, "accounts-reset-done-he");

    await signInThroughForm(page, name, PASSWORD);
    await page.getByTestId("login-error").waitFor();
    await signInThroughForm(page, name, newPassword);
    await page.getByTestId("user-menu-button").waitFor();
    // The link is single-use.
    await page.goto(link.toString());
    await page.getByTestId("reset-password").fill("Qw3!erTy9Z");
    await page.getByTestId("reset-submit").click();
    await page.getByTestId("reset-link-invalid").waitFor();
    await page.context().close();
  });

  it("signs in through the OpenID Connect provider", async () => {
    const page = await openPage(browser, "/auth/login", { language: "en" });
    const button = page.getByTestId("login-oauth-acme");
    expect(await button.innerText()).toContain("Acme ID");
    await button.click();
    // The provider's own (development) sign-in and consent pages.
    await page.locator('input[name="login"]').fill("oidc-alice");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.getByTestId("user-menu-button").waitFor();
    expect(await page.getByTestId("user-menu-name").innerText()).toMatch(/alice/i);
    await page.context().close();
  });

  it("has accessible sign-in and registration forms", async () => {
    for (const route of ["/auth/login", "/auth/register"]) {
      const page = await openPage(browser, route);
      await page.locator("form").first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
  });
});
