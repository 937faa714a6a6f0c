// The shell on a phone (issue 15): below 768 px the header is one row with a menu holding the navigation and the
// controls, so every screen starts near the top; toasts stay clear of the header and its upgrade strip (the world
// upgrade's celebration), even on a phone held sideways.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerAccount } from "./support/api.js";
import { browser, openPage, screenshot } from "./support/browser.js";

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).boundingBox();
  if (found === null) throw new Error(`${testId} has no box`);
  return found;
}

describe("the shell on a phone", () => {
  it("folds the header into a menu at 375 px, in Hebrew", async () => {
    const account = await registerAccount("phone");
    const page = await openPage(browser, "/dashboard", {
      language: "he",
      token: account.token,
      viewport: { width: 375, height: 667 },
    });
    const menuButton = page.getByTestId("header-menu-button");
    await menuButton.waitFor();
    await page.getByRole("heading", { level: 1 }).waitFor();
    const header = await page.locator("header").boundingBox();
    // One row: the logo and the menu button.
    expect(header?.height ?? 999).toBeLessThanOrEqual(80);
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(heading?.y ?? 999).toBeLessThan(160);
    const nav = page.getByRole("navigation", { name: "ניווט ראשי" });
    expect(await nav.isVisible()).toBe(false);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    await screenshot(page, "phone-shell-closed-he");

    await menuButton.click();
    await expect.poll(() => menuButton.getAttribute("aria-expanded")).toBe("true");
    await nav.waitFor();
    expect(await page.getByTestId("user-menu-button").isVisible()).toBe(true);
    await screenshot(page, "phone-shell-open-he");
    // Nothing in the open menu sticks out of the screen sideways.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await nav.getByRole("link", { name: "עולמות" }).click();
    await page.waitForURL(/\/tiers$/);
    // The menu closes when the new path renders, a moment after the address changes.
    await expect.poll(() => menuButton.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => nav.isVisible()).toBe(false);
    await page.context().close();
  });

  it("keeps the full header on a wide screen", async () => {
    const page = await openPage(browser, "/", { language: "en" });
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor();
    expect(await page.getByTestId("header-menu-button").isVisible()).toBe(false);
    await page.context().close();
  });

  it("keeps toasts clear of the world upgrade's celebration on a phone held sideways", async () => {
    const account = await registerAccount("toasts");
    const page = await openPage(browser, "/tiers", {
      language: "en",
      token: account.token,
      viewport: { width: 740, height: 360 },
    });
    await page.getByTestId("progress-rank").waitFor();
    await page.getByTestId("world-card-cosmic").click();
    await page.getByTestId("world-action").click();
    await page.getByTestId("upgrade-celebration").waitFor();
    const toasts = page.locator('[data-testid^="toast-"]');
    // The XP the move up earned waits while the celebration is on screen (both arrive together)…
    for (let i = 0; i < 5; i++) {
      expect(await toasts.count()).toBe(0);
      await page.waitForTimeout(300);
    }
    await screenshot(page, "phone-celebration-en");
    await page.getByTestId("upgrade-celebration-close").click();
    // …and shows once it has gone, below the header.
    await toasts.first().waitFor();
    const header = await page.locator("header").boundingBox();
    const region = await box(page, "toasts");
    expect(region.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
    await page.context().close();
  });
});
