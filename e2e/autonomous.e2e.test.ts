// Autonomous control in a real browser: the admin creates a dry-run rule (its cron previewed by the server), runs it
// now, finds the run in the history, and flips the global kill switch through its confirmation — in English and
// Hebrew.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./support/api.js";
import { browser, openPage, screenshot } from "./support/browser.js";
import { ADMIN } from "./support/global-setup.js";

let token = "";
let entityName = "";
let entityId = "";
let adminId = "";
let adminTier = "genesis";

beforeAll(async () => {
  const admin = await api<{ token: string }>("/api/auth/login", {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  token = admin.body.token;
  // The screen reads rules, history, the switch and the cron preview: more than genesis's 10 calls a minute
  // allow while a test clicks through it quickly. The admin's plan is put back afterwards.
  const me = await api<{ user: { id: string; tier: string } }>("/api/auth/me", { token });
  adminId = me.body.user.id;
  adminTier = me.body.user.tier;
  await api(`/api/users/${adminId}`, { method: "PUT", token, body: { tier: "infinity" } });
  // An entity of the admin's own for the rule to address (one made by another test will do).
  const existing = await api<{ items: { id: string; name: string }[] }>("/api/aacos/entities", {
    token,
  });
  if (existing.body.items[0] !== undefined) {
    entityName = existing.body.items[0].name;
    entityId = existing.body.items[0].id;
    return;
  }
  const universe = await api<{ universe: { id: string } }>("/api/aacos/universes", {
    token,
    body: { name: "Night watch" },
  });
  expect(universe.status).toBe(201);
  entityName = "Sentinel";
  const entity = await api<{ entity: { id: string } }>(
    `/api/aacos/universes/${universe.body.universe.id}/entities`,
    { token, body: { name: entityName, role: "Watcher", systemPrompt: "Report briefly." } },
  );
  expect(entity.status).toBe(201);
  entityId = entity.body.entity.id;
});
afterAll(async () => {
  await api("/api/autonomous/kill-switch", { method: "PUT", token, body: { engaged: false } });
  await api(`/api/users/${adminId}`, { method: "PUT", token, body: { tier: adminTier } });
});

/** The whole screen in one viewport, so the sticky kill switch sits at the end of the page, not over it. */
async function shoot(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.max(900, height) });
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function flipKillSwitch(page: Page, expectOn: boolean, picture?: string) {
  await page.getByTestId("kill-switch-toggle").click();
  const dialog = page.getByTestId("kill-switch-dialog");
  await dialog.waitFor();
  if (picture !== undefined) await screenshot(page, picture);
  await page.getByTestId("kill-switch-dialog-confirm").click();
  await dialog.waitFor({ state: "hidden" });
  await page
    .locator(`[data-testid="kill-switch-bar"][data-engaged="${expectOn}"]`)
    .waitFor({ timeout: 5000 });
}

describe("autonomous control", () => {
  it("creates a dry-run rule, runs it now, shows it in the history and stops everything", async () => {
    const page = await openPage(browser, "/autonomous-control", { language: "en", token });
    await page.getByTestId("autonomous-screen").waitFor();
    await page.getByTestId("kill-switch-bar").waitFor();
    const ruleName = `Morning report ${Date.now().toString(36)}`;

    await page.getByTestId("rule-new").or(page.getByTestId("rule-new-empty")).first().click();
    const editor = page.getByTestId("rule-editor");
    await editor.getByTestId("rule-name").fill(ruleName);
    await editor.getByTestId(`rule-entity-${entityName}`).check();
    await editor.getByTestId("rule-prompt").fill("Summarise what happened overnight.");
    await editor.getByTestId("rule-cron").fill("30 6 * * *");
    await editor.getByTestId("rule-time-zone").fill("Asia/Jerusalem");
    // The server reads the expression and answers with the next three run times.
    await page.getByTestId("cron-preview-run").nth(2).waitFor();
    expect(await page.getByTestId("cron-preview-run").count()).toBe(3);
    expect(await page.getByTestId("cron-preview-run").first().textContent()).toContain("6:30");
    expect(await editor.getByTestId("rule-dry-run").getAttribute("aria-checked")).toBe("true");
    await shoot(page, "autonomous-editor-en");
    await editor.getByTestId("rule-save").click();

    const row = page.locator('[data-testid="rule-row"]', { hasText: ruleName });
    await row.waitFor();
    await row.getByTestId("rule-run-now").click();
    await page.getByTestId("autonomous-notice").waitFor();
    const run = page.locator('[data-testid="history-row"][data-status="dry_run"]', {
      hasText: ruleName,
    });
    await run.first().waitFor({ timeout: 15_000 });
    expect(await run.first().innerText()).toContain(`Would send to ${entityName}`);
    await expect
      .poll(async () => row.getByTestId("rule-runs-used").innerText(), { timeout: 10_000 })
      .toContain("1/4");
    await shoot(page, "autonomous-history-en");

    await flipKillSwitch(page, true, "autonomous-kill-dialog-en");
    expect(await page.getByTestId("kill-switch-state").innerText()).toContain(
      "every autonomous run is stopped",
    );
    expect(await row.getByTestId("rule-run-now").isDisabled()).toBe(true);
    await shoot(page, "autonomous-kill-switch-en");
    const state = await api<{ engaged: boolean }>("/api/autonomous/kill-switch", { token });
    expect(state.body.engaged).toBe(true);
    await page.context().close();

    // The same screen in Hebrew, right to left; the switch is turned back off there.
    const hebrew = await openPage(browser, "/ai/autonomous-control", { language: "he", token });
    await hebrew.locator('[data-testid="kill-switch-bar"][data-engaged="true"]').waitFor();
    await hebrew.locator('[data-testid="rule-row"]', { hasText: ruleName }).waitFor();
    await hebrew.locator('[data-testid="history-row"]', { hasText: ruleName }).first().waitFor();
    expect(await hebrew.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await shoot(hebrew, "autonomous-he");
    await flipKillSwitch(hebrew, false);
    await shoot(hebrew, "autonomous-released-he");
    await hebrew.context().close();
  });

  it("shows why a run was skipped in Hebrew, from its stored code (decision 300)", async () => {
    const ruleName = `Hourly ${Date.now().toString(36)}`;
    const created = await api<{ rule: { id: string } }>("/api/autonomous/rules", {
      token,
      body: {
        name: ruleName,
        entityIds: [entityId],
        prompt: "Report briefly.",
        trigger: "schedule",
        cron: "0 0 1 1 *",
        timeZone: "Asia/Jerusalem",
        maxRunsPerHour: 1,
        maxTokensPerDay: 10_000,
        dryRun: true,
        enabled: true,
      },
    });
    expect(created.status).toBe(201);
    const ruleId = created.body.rule.id;
    type Executions = { items: { status: string; errorCode: { code: string } | null }[] };
    const settled = async (count: number) => {
      await expect
        .poll(
          async () => {
            const { body } = await api<Executions>(`/api/autonomous/executions?ruleId=${ruleId}`, {
              token,
            });
            return body.items.filter((item) => !["queued", "running"].includes(item.status)).length;
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThanOrEqual(count);
    };
    expect(
      (await api(`/api/autonomous/rules/${ruleId}/run`, { body: {}, token })).status,
    ).toBeLessThan(300);
    await settled(1);
    expect(
      (await api(`/api/autonomous/rules/${ruleId}/run`, { body: {}, token })).status,
    ).toBeLessThan(300);
    await settled(2);
    const { body } = await api<Executions>(`/api/autonomous/executions?ruleId=${ruleId}`, {
      token,
    });
    expect(body.items.find((item) => item.status === "skipped_budget")?.errorCode?.code).toBe(
      "budget_runs",
    );

    const page = await openPage(browser, "/ai/autonomous-control", { language: "he", token });
    const skipped = page.locator('[data-testid="history-row"][data-status="skipped_budget"]', {
      hasText: ruleName,
    });
    await skipped.first().waitFor({ timeout: 15_000 });
    const text = await skipped.first().innerText();
    expect(text).toContain("התקציב נוצל: הרצה אחת בשעה");
    expect(text).not.toContain("Budget used up");
    await shoot(page, "autonomous-budget-he");
    await page.context().close();
  });

  it("tells a plain user that the screen is for admins and developers", async () => {
    const account = await api<{ token: string }>("/api/auth/register", {
      body: {
        email: `auto${Date.now().toString(36)}@example.com`,
        username: `auto${Date.now().toString(36)}`,
        password: "Zq7!wVx9Lk",
      },
    });
    const page = await openPage(browser, "/ai/autonomous-control", {
      language: "en",
      token: account.body.token,
    });
    await page.getByTestId("autonomous-restricted").waitFor();
    await shoot(page, "autonomous-restricted-en");
    await page.context().close();
  });
});
