// axe (serious and critical violations, label-in-name included) on every public screen in both languages and on the
// main signed-in screens, each once its heading is on screen.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAdmin, type TestAccount } from "./support/api.js";
import { launchBrowser, openPage, seriousViolations } from "./support/browser.js";

const PUBLIC_SCREENS = [
  "/",
  "/tiers",
  "/showcase",
  "/auth/login",
  "/auth/register",
  "/auth/forgot-password",
  "/auth/reset-password?token=not-a-real-token",
];

const SIGNED_IN_SCREENS = [
  "/dashboard",
  "/tiers",
  "/settings",
  "/progress",
  "/chat",
  "/ai/command-center",
  "/files",
  "/teams",
  "/alerts",
  "/signals",
  "/admin",
];

let browser: Browser;
let admin: TestAccount;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await registerAdmin("axe");
});
afterAll(() => browser.close());

describe("public screens have no serious accessibility violations", () => {
  for (const language of ["he", "en"] as const) {
    it.each(PUBLIC_SCREENS)(`%s (${language})`, async (route) => {
      const page = await openPage(browser, route, { language });
      await page.locator("main h1").first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe("signed-in screens have no serious accessibility violations", () => {
  it.each(SIGNED_IN_SCREENS)("%s", async (route) => {
    const page = await openPage(browser, route, { language: "he", token: admin.token });
    await page.locator("main h1").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
