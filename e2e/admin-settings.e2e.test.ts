// Admin settings in a real browser: an admin changes a tier's limit on /admin/settings, sees it saved, marked and in
// the history, and the tier chooser's catalogue follows; a maintenance message reaches a visitor's banner (English and
// Hebrew). Everything is put back at the end: the server is shared with the other browser tests.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, registerAdmin } from "./support/api.js";
import {
  browser,
  openPage,
  SCREENSHOTS,
  screenshot,
  seriousViolations,
} from "./support/browser.js";

const MESSAGE = "Scheduled maintenance tonight at 22:00 UTC";

let adminToken = "";
let adminEmail = "";
beforeAll(async () => {
  const own = await registerAdmin("setadm");
  adminToken = own.token;
  adminEmail = own.email;
});
afterAll(async () => {
  // Restore whatever this test may have left, even when it failed halfway.
  await api("/api/admin/settings/tiers/quantum?field=limits.maxProjects", {
    method: "DELETE",
    token: adminToken,
  });
  await api("/api/admin/settings/maintenance", {
    method: "PUT",
    body: { message: null },
    token: adminToken,
  });
});

/** The long page in readable parts: the top (site, mail and AI), one tier, and the history. */
async function sectionShots(page: Page, language: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `admin-settings-top-${language}.png`) });
  for (const id of ["settings-tier-quantum", "settings-world-awakening", "settings-history"]) {
    await page
      .getByTestId(id)
      .screenshot({ path: path.join(SCREENSHOTS, `admin-${id}-${language}.png`) });
  }
}

type CatalogBody = { tiers: { name: string; limits: { maxProjects: number } }[] };

describe("admin settings", () => {
  it("saves a tier's limit, shows it in the history, and the catalogue follows", async () => {
    const page = await openPage(browser, "/admin/settings", { language: "en", token: adminToken });
    const input = page.getByTestId("limit-quantum-maxProjects");
    await input.waitFor();
    expect(await input.inputValue()).toBe("20");
    await input.fill("25");
    await page.getByTestId("save-tier-quantum").click();
    await page.getByTestId("settings-saved").waitFor();
    expect(await page.getByTestId("settings-saved").innerText()).toContain("Changed fields: 1");
    await page.getByTestId("limit-quantum-maxProjects-default").waitFor();
    expect(await page.getByTestId("limit-quantum-maxProjects-default").innerText()).toBe(
      "Default: 20",
    );
    const row = page.getByTestId("settings-history-row").first();
    await row.filter({ hasText: "Projects" }).waitFor();
    const text = await row.innerText();
    expect(text).toContain("Tier Quantum");
    expect(text).toContain(adminEmail);
    expect(text).toMatch(/20\s*→\s*25/);

    // A wrong value is refused in the browser with the field's message.
    const retention = page.getByTestId("limit-quantum-signalRetentionDays");
    await retention.fill("-1");
    await retention.blur();
    await page.getByTestId("limit-quantum-signalRetentionDays-error").waitFor();
    expect(await page.getByTestId("limit-quantum-signalRetentionDays-error").innerText()).toContain(
      "unlimited is not allowed here",
    );
    await retention.fill("30");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "admin-settings-en");
    await sectionShots(page, "en");

    const catalog = await api<CatalogBody>("/api/catalog");
    expect(catalog.body.tiers.find((tier) => tier.name === "quantum")?.limits.maxProjects).toBe(25);
    await page.context().close();

    const hebrew = await openPage(browser, "/admin/settings", {
      language: "he",
      token: adminToken,
    });
    await hebrew.getByTestId("limit-quantum-maxProjects-default").waitFor();
    expect(await hebrew.getByTestId("limit-quantum-maxProjects-default").innerText()).toContain(
      "ברירת מחדל",
    );
    await screenshot(hebrew, "admin-settings-he");
    await sectionShots(hebrew, "he");
    await hebrew.getByTestId("reset-tier-quantum").click();
    await hebrew.getByTestId("settings-saved").waitFor();
    expect(await hebrew.getByTestId("limit-quantum-maxProjects").inputValue()).toBe("20");
    await hebrew.context().close();
    // A long page (every limit of four tiers and five worlds): the accessibility scan and screenshots take a while.
  }, 180_000);

  it("puts a maintenance banner in front of every visitor until it is removed", async () => {
    const page = await openPage(browser, "/admin/settings", { language: "en", token: adminToken });
    await page.getByTestId("maintenance-input").waitFor({ timeout: 60_000 });
    await page.getByTestId("maintenance-input").fill(MESSAGE);
    await page.getByTestId("save-maintenance").click();
    await page.getByTestId("site-saved").waitFor();
    await page.getByTestId("maintenance-banner").waitFor();

    const visitor = await openPage(browser, "/", { language: "en" });
    const banner = visitor.getByTestId("maintenance-banner");
    await banner.waitFor();
    expect(await banner.innerText()).toContain(MESSAGE);
    await screenshot(visitor, "maintenance-banner-en");
    await visitor.context().close();
    const hebrew = await openPage(browser, "/tiers", { language: "he" });
    await hebrew.getByTestId("maintenance-banner").waitFor();
    expect(await hebrew.getByTestId("maintenance-banner").innerText()).toContain("תחזוקה:");
    await screenshot(hebrew, "maintenance-banner-he");
    await hebrew.context().close();

    await page.getByTestId("clear-maintenance").click();
    await page.getByTestId("maintenance-banner").waitFor({ state: "detached" });
    await page.context().close();
    const after = await api<{ maintenanceMessage: string | null }>("/api/settings/public");
    expect(after.body.maintenanceMessage).toBeNull();
  }, 120_000);
});
