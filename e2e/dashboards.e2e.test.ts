// Dashboards and "Your data" in a real browser: the dashboard with the user's real data, the /desktop layout arranged
// by keyboard surviving a reload, the mobile shell at 390×844 with its bottom navigation, and the account exported
// and deleted from /settings.
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { api, registerAccount, type TestAccount } from "./support/api.js";
import { browser, openPage, SCREENSHOTS, screenshot } from "./support/browser.js";

let account: TestAccount;

/** A phone held upright, as the mobile shell is designed for. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

beforeAll(async () => {
  account = await registerAccount("dash");
  // Cosmic: enough calls a minute for a screen full of panels.
  const tier = await api("/api/plan/tier", { body: { tier: "cosmic" }, token: account.token });
  expect(tier.status).toBe(200);
  const universe = await api("/api/aacos/universes", {
    body: { name: "Andromeda lab" },
    token: account.token,
  });
  expect(universe.status).toBe(201);
});

async function panelOrder(page: Page): Promise<string[]> {
  return page
    .locator("[data-panel-kind]")
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("data-panel-kind") ?? ""),
    );
}

describe("dashboards", () => {
  it("shows the dashboard with the user's own data, in English and Hebrew", async () => {
    const page = await openPage(browser, "/dashboard", { language: "en", token: account.token });
    const universes = page.getByTestId("dashboard-universe-list");
    await universes.waitFor();
    expect(await universes.textContent()).toContain("Andromeda lab");
    await page.locator('[data-testid="dashboard-progress"][data-state="ready"]').waitFor();
    await page.locator('[data-testid="dashboard-plan"][data-state="ready"]').waitFor();
    await page.locator('[data-testid="dashboard-activity"]:not([data-state="loading"])').waitFor();
    await page.locator('[data-testid="dashboard-alerts"][data-state="empty"]').waitFor();
    expect(await page.getByTestId("dashboard-plan").textContent()).toContain("Cosmic");
    await expect(page.getByTestId("dashboard-actions").locator("a").count()).resolves.toBe(4);
    await screenshot(page, "dashboard-en-desktop");

    await page.context().close();

    const hebrew = await openPage(browser, "/dashboard", { language: "he", token: account.token });
    await hebrew.getByTestId("dashboard-universe-list").waitFor();
    await hebrew.locator('[data-testid="dashboard-progress"][data-state="ready"]').waitFor();
    expect(await hebrew.locator("html").getAttribute("dir")).toBe("rtl");
    await screenshot(hebrew, "dashboard-he-desktop");
    await hebrew.context().close();
  });

  it("arranges the desktop layout by keyboard, and the layout survives a reload", async () => {
    const page = await openPage(browser, "/desktop", { language: "en", token: account.token });
    await page.getByTestId("desktop-grid").waitFor();
    expect(await panelOrder(page)).toEqual(["dashboard", "chat", "signals", "monitoring"]);
    const dashboard = page.getByTestId("desktop-panel-dashboard");
    await dashboard.focus();
    await page.keyboard.press("Alt+ArrowRight");
    expect(await panelOrder(page)).toEqual(["chat", "dashboard", "signals", "monitoring"]);
    await expect(page.getByTestId("desktop-announcer").textContent()).resolves.toContain(
      "Dashboard moved to place 2 of 4",
    );
    const signals = page.getByTestId("desktop-panel-signals");
    await signals.focus();
    await page.keyboard.press("Alt+Shift+ArrowRight");
    await page.keyboard.press("Alt+Shift+ArrowRight");
    expect(await signals.getAttribute("data-col-span")).toBe("4");
    await page.getByTestId("desktop-remove-monitoring").click();
    // The page is still /desktop: Alt+Left did not go back in history.
    expect(new URL(page.url()).pathname).toBe("/desktop");
    await screenshot(page, "desktop-en");

    // Saved on the server (one save after another): the reload reads it back.
    await expect
      .poll(async () => {
        const saved = await api<{ layout: { panels: { kind: string }[] } }>("/api/me/layout", {
          token: account.token,
        });
        return saved.body.layout.panels.map((panel) => panel.kind);
      })
      .toEqual(["chat", "dashboard", "signals"]);
    await page.reload();
    await page.getByTestId("desktop-grid").waitFor();
    expect(await panelOrder(page)).toEqual(["chat", "dashboard", "signals"]);
    expect(await page.getByTestId("desktop-panel-signals").getAttribute("data-col-span")).toBe("4");
    await page.context().close();

    const hebrew = await openPage(browser, "/desktop", { language: "he", token: account.token });
    await hebrew.getByTestId("desktop-grid").waitFor();
    await hebrew.getByTestId("dashboard-universe-list").waitFor();
    await screenshot(hebrew, "desktop-he");
    await hebrew.context().close();
  });

  it("serves the mobile shell at 390×844 with the bottom navigation over the same screens", async () => {
    const page = await openPage(browser, "/mobile/dashboard", {
      language: "he",
      token: account.token,
      ...PHONE,
    });
    await page.getByTestId("mobile-shell").waitFor();
    await page.getByTestId("dashboard-universe-list").waitFor();
    const nav = page.getByTestId("mobile-nav");
    const box = await nav.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(700);
    for (const tab of ["dashboard", "chat", "signals", "progress", "menu"]) {
      const size = await page.getByTestId(`mobile-nav-${tab}`).boundingBox();
      expect(size?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(size?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, "mobile-he-dashboard");
    await page.getByTestId("mobile-nav-progress").click();
    await page.waitForURL(/\/mobile\/progress$/);
    await page.getByTestId("experience-bar").waitFor();
    // By keyboard: while the progress sections load, the page's height changes under a pointer click's aim.
    await page.getByTestId("mobile-nav-menu").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("mobile-menu").waitFor();
    await screenshot(page, "mobile-he-menu");
    await page.context().close();

    const english = await openPage(browser, "/mobile/dashboard", {
      language: "en",
      token: account.token,
      ...PHONE,
    });
    await english.getByTestId("dashboard-universe-list").waitFor();
    await screenshot(english, "mobile-en-dashboard");
    await english.context().close();
  });

  it("exports the account's data, then deletes the account and signs out to the landing page", async () => {
    const page = await openPage(browser, "/settings", { language: "en", token: account.token });
    const section = page.getByTestId("settings-your-data");
    await section.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-download").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^aacos-export-dash.*\.zip$/);
    await page.getByTestId("export-done").waitFor();
    await section.screenshot({ path: path.join(SCREENSHOTS, "settings-your-data-en.png") });
    const hebrew = await openPage(browser, "/settings", { language: "he", token: account.token });
    const hebrewSection = hebrew.getByTestId("settings-your-data");
    await hebrewSection.waitFor();
    await hebrewSection.screenshot({ path: path.join(SCREENSHOTS, "settings-your-data-he.png") });
    await hebrew.context().close();

    await page.getByTestId("delete-account-open").click();
    const dialog = page.getByTestId("delete-account-dialog");
    await dialog.waitFor();
    await page.getByTestId("delete-account-password").fill("not-my-password");
    await page.getByTestId("delete-account-confirm").click();
    await dialog.getByText("The password is not correct.").waitFor();
    await screenshot(page, "settings-delete-dialog-en");
    await page.getByTestId("delete-account-password").fill(account.password);
    await page.getByTestId("delete-account-confirm").click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByTestId("user-menu-button").waitFor({ state: "detached" });
    const me = await api("/api/auth/me", { token: account.token });
    expect(me.status).toBe(401);
    const login = await api("/api/auth/login", {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(401);
    await page.context().close();
  });
});
