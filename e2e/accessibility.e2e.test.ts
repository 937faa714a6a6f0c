// axe (serious and critical violations, label-in-name included) on every public screen in both languages and on the
// main signed-in screens of a member (the admin screens run axe in their own files), each once its heading is on
// screen.
import { beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "./support/api.js";
import { browser, openPage, seriousViolations } from "./support/browser.js";

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
];

let member: TestAccount;
beforeAll(async () => {
  member = await registerAccount("axe");
});

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
    const page = await openPage(browser, route, { language: "he", token: member.token });
    await page.locator("main h1").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
