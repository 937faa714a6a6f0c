// The admin console in a real browser: an admin finds a user, suspends them (the user's open page loses access and
// their sign-in says why), reactivates them, and exports the audit log as CSV; every tab (the failed jobs one too) in
// Hebrew; screenshots in English and Hebrew.
import { readFile } from "node:fs/promises";
import { ACCOUNT_SUSPENDED_MESSAGE } from "@aacos/domain/admin-console";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { api, registerAccount, registerAdmin, type TestAccount } from "./support/api.js";
import {
  browser,
  openPage,
  screenshot,
  seriousViolations,
  signInThroughForm,
} from "./support/browser.js";

let adminToken = "";
let victim: TestAccount;

beforeAll(async () => {
  adminToken = (await registerAdmin("consoleadmin")).token;
  victim = await registerAccount("suspendee");
});

/** Waits until the users tab shows `status` in the row of `username`. */
async function userStatusShows(page: Page, username: string, status: string) {
  await page.waitForFunction(
    ([name, text]) =>
      document
        .querySelector(`[data-username="${name}"] [data-testid="admin-user-status"]`)
        ?.textContent?.includes(text) === true,
    [username, status] as const,
  );
}

async function findUser(page: Page, username: string) {
  await page.getByTestId("admin-users-search").fill(username);
  const row = page.locator(`[data-testid="admin-user-row"][data-username="${username}"]`);
  await row.waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="admin-user-row"]').length === 1,
  );
  return row;
}

describe("the admin console", () => {
  it("suspends a user, whose open page loses access at once, and reactivates them", async () => {
    const userPage = await openPage(browser, "/progress", { language: "en", token: victim.token });
    await userPage.getByTestId("progress-screen").waitFor();

    const adminPage = await openPage(browser, "/admin", { language: "en", token: adminToken });
    const row = await findUser(adminPage, victim.username);
    await expect(row.getByTestId("admin-user-status").innerText()).resolves.toBe("Active");
    await screenshot(adminPage, "admin-console-users-en");
    expect(await seriousViolations(adminPage)).toEqual([]);

    await row.getByTestId("admin-user-suspend").click();
    const dialog = adminPage.getByTestId("admin-confirm");
    await dialog.waitFor();
    await screenshot(adminPage, "admin-console-suspend-dialog-en");
    await adminPage.getByTestId("admin-confirm-yes").click();
    await dialog.waitFor({ state: "detached" });
    await adminPage.getByTestId("admin-users-notice").waitFor();
    await userStatusShows(adminPage, victim.username, "Suspended");

    // The user's page: its next call is refused and the session ends; the progress screen is gone.
    await userPage.reload();
    await userPage.waitForURL((url) => url.pathname !== "/progress");
    expect(await userPage.getByTestId("progress-screen").count()).toBe(0);
    expect((await api("/api/auth/me", { token: victim.token })).status).toBe(403);

    // Signing in with the right password says why.
    await signInThroughForm(userPage, victim.email, victim.password);
    await expect(userPage.getByTestId("login-error").innerText()).resolves.toBe(
      ACCOUNT_SUSPENDED_MESSAGE,
    );
    await screenshot(userPage, "admin-console-suspended-login-en");

    await row.getByTestId("admin-user-reactivate").click();
    await userStatusShows(adminPage, victim.username, "Active");
    await signInThroughForm(userPage, victim.email, victim.password);
    await userPage.waitForURL((url) => !url.pathname.startsWith("/auth/login"));
    await userPage.context().close();
    await adminPage.context().close();
  }, 120_000);

  it("exports the filtered audit log as CSV", async () => {
    const page = await openPage(browser, "/admin?tab=audit", { language: "en", token: adminToken });
    await page.getByTestId("admin-audit-action").fill("user.");
    await page.getByTestId("admin-audit-apply").click();
    await page.getByTestId("admin-audit-row").first().waitFor();
    await screenshot(page, "admin-console-audit-en");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("admin-audit-export").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const csv = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toBe(
      "id,createdAt,actorId,actorUsername,action,targetId,targetUsername,ip,userAgent,data",
    );
    expect(rows.some((line) => line.includes(",user.suspended,"))).toBe(true);
    expect(rows.every((line) => /,user\.[a-z_]+,/.test(line))).toBe(true);
    await page.context().close();
  });

  it("shows every tab in Hebrew, right to left", async () => {
    const page = await openPage(browser, "/admin", { language: "he", token: adminToken });
    await page.getByTestId("admin-user-row").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await screenshot(page, "admin-console-users-he");
    for (const tab of ["teams", "outbox", "errors", "jobs", "incidents", "audit"]) {
      await page.getByTestId(`admin-tab-${tab}`).click();
      await page.waitForURL((url) => url.searchParams.get("tab") === tab);
      await page.getByTestId(`admin-panel-${tab}`).waitFor();
      // Let the panel's data arrive before the picture.
      await page.waitForFunction(
        () => document.querySelector('[role="tabpanel"] [role="status"][aria-live]') === null,
      );
      await screenshot(page, `admin-console-${tab}-he`);
      if (tab === "jobs") {
        // No job of this fresh server has failed on every try: the list says so, in Hebrew.
        await expect(page.getByTestId("admin-jobs-empty").innerText()).resolves.toContain(
          "אין משימות שנכשלו",
        );
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
    await page.getByTestId("admin-audit-open").first().click();
    await page.getByTestId("admin-audit-drawer").waitFor();
    await screenshot(page, "admin-console-audit-drawer-he");
    await page.keyboard.press("Escape");
    await page.getByTestId("admin-audit-drawer").waitFor({ state: "detached" });
    // The arrow keys move along the tabs in what the eye sees: left is "next" in Hebrew.
    await page.getByTestId("admin-tab-audit").focus();
    await page.keyboard.press("Home");
    await page.waitForURL((url) => !url.searchParams.has("tab"));
    await page.keyboard.press("ArrowLeft");
    await page.waitForURL((url) => url.searchParams.get("tab") === "teams");
    await page.locator('[data-testid="admin-tab-teams"][aria-selected="true"]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("admin-tab-teams");
    await page.context().close();
  }, 120_000);
});
