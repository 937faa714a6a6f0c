// Live operations in a real browser: the realtime chart takes in new samples, a signal caused through the API arrives
// live on /signals, a tab past the plan's WebSocket cap says so in the interface language, and entity orchestration:
// an admin pauses a user's entity, after which the user can no longer run it.
import { SUBSCRIPTION_TIERS } from "@aacos/domain/catalog";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, registerAccount, type TestAccount } from "./support/api.js";
import { browser, openPage, screenshot } from "./support/browser.js";
import { ADMIN } from "./support/global-setup.js";
import { connected, moreSignalRows } from "./support/live.js";

let adminToken = "";

let adminId = "";
let adminTier = "genesis";

beforeAll(async () => {
  const admin = await api<{ token: string; user: { id: string; tier: string } }>(
    "/api/auth/login",
    { body: { email: ADMIN.email, password: ADMIN.password } },
  );
  expect(admin.status).toBe(200);
  adminToken = admin.body.token;
  adminId = admin.body.user.id;
  adminTier = admin.body.user.tier;
  // The screens here call the API more than genesis' 10 a minute allows; the plan is put back afterwards.
  const upgraded = await api(`/api/users/${adminId}`, {
    method: "PUT",
    body: { tier: "infinity" },
    token: adminToken,
  });
  expect(upgraded.status).toBe(200);
});
afterAll(async () => {
  await api(`/api/users/${adminId}`, {
    method: "PUT",
    body: { tier: adminTier },
    token: adminToken,
  });
});

async function cosmicAccount(prefix: string): Promise<TestAccount> {
  const account = await registerAccount(prefix);
  const tier = await api("/api/plan/tier", { body: { tier: "cosmic" }, token: account.token });
  expect(tier.status).toBe(200);
  return account;
}

/** The orchestration screen's row of one entity; with `status`, only once it shows that status. */
function entityRow(page: Page, entityId: string, status?: string) {
  const statusPart = status === undefined ? "" : `[data-status="${status}"]`;
  return page.locator(
    `[data-testid="orchestration-row"][data-entity-id="${entityId}"]${statusPart}`,
  );
}

describe("live operations", () => {
  it("moves the realtime chart as new samples arrive", async () => {
    // System samples go to admins' and operators' sockets (docs/decisions/080-metrics-and-alerts.md).
    const page = await openPage(browser, "/realtime", { language: "en", token: adminToken });
    const chart = page.getByTestId("chart-cpu");
    await chart.waitFor();
    await connected(page);
    const before = Number(await chart.getAttribute("data-points"));
    // The server samples every 5 s; a new point (and with it the chart's data) arrives over the socket.
    await page.waitForFunction(
      (count) =>
        Number(document.querySelector('[data-testid="chart-cpu"]')?.getAttribute("data-points")) >
        count,
      before,
      { timeout: 20_000 },
    );
    const description = await chart.locator("desc").textContent();
    expect(description).toMatch(/^Latest value: \d/);
    await screenshot(page, "live-ops-realtime-en");
    await page.context().close();
  });

  it("shows a signal caused through the API arriving live on /signals", async () => {
    const account = await cosmicAccount("live");
    const page = await openPage(browser, "/signals", { language: "en", token: account.token });
    await page.getByTestId("signals-screen").waitFor();
    await connected(page);
    const rows = page.getByTestId("signal-row");
    const before = await rows.count();
    const universe = await api("/api/aacos/universes", {
      body: { name: "Signal harbour" },
      token: account.token,
    });
    expect(universe.status).toBe(201);
    // No reload: the new signal comes over the socket.
    await moreSignalRows(page, before);
    await screenshot(page, "live-ops-signals-en");
    await page.context().close();
  });

  it("tells the tab past the plan's WebSocket cap why it is not live, in the interface language", async () => {
    const genesis = SUBSCRIPTION_TIERS.find((tier) => tier.name === "genesis");
    const cap = genesis?.limits.maxWebSocketConnections ?? 1;
    const account = await registerAccount("cap");
    const pages: Page[] = [];
    for (let index = 0; index < cap; index += 1) {
      const page = await openPage(browser, "/signals", { language: "en", token: account.token });
      await connected(page);
      pages.push(page);
    }
    const extra = await openPage(browser, "/signals", { language: "en", token: account.token });
    await extra.locator('[data-testid="connection-indicator"][data-state="closed"]').waitFor();
    expect(await extra.getByTestId("connection-reason").textContent()).toBe(
      `You have reached the live connections your plan allows (max ${cap}). Close another tab or upgrade your plan.`,
    );
    expect(await extra.getByTestId("connection-upgrade").getAttribute("href")).toBe("/tiers");
    await screenshot(extra, "live-ops-cap-en");

    await extra.context().close();

    const hebrew = await openPage(browser, "/signals", { language: "he", token: account.token });
    await hebrew.locator('[data-testid="connection-indicator"][data-state="closed"]').waitFor();
    expect(await hebrew.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await hebrew.getByTestId("connection-reason").textContent()).toContain(
      `הגעתם למספר החיבורים החיים שהתוכנית מאפשרת (עד ${cap})`,
    );
    await screenshot(hebrew, "live-ops-cap-he");
    for (const page of [...pages, hebrew]) await page.context().close();
  });
});

describe("entity orchestration", () => {
  it("lets an admin pause a user's entity, after which the user cannot run it", async () => {
    const user = await cosmicAccount("orch");
    const universe = await api<{ universe: { id: string } }>("/api/aacos/universes", {
      body: { name: "Orion works" },
      token: user.token,
    });
    const name = `Courier ${Date.now().toString(36)}`;
    const created = await api<{ entity: { id: string } }>(
      `/api/aacos/universes/${universe.body.universe.id}/entities`,
      {
        body: { name, role: "Delivers reports", systemPrompt: "Answer briefly." },
        token: user.token,
      },
    );
    expect(created.status).toBe(201);
    const entityId = created.body.entity.id;
    const ask = () =>
      api<{ error?: { message: string } }>("/api/commands", {
        body: { entityIds: [entityId], prompt: "Status?" },
        token: user.token,
      });
    expect((await ask()).status).toBe(200);

    const page = await openPage(browser, "/entity-orchestration", {
      language: "en",
      token: adminToken,
    });
    await page.getByTestId("orchestration-screen").waitFor();
    await page.getByTestId("orchestration-search").fill(name);
    const row = entityRow(page, entityId);
    await row.waitFor();
    // The search is debounced: the unfiltered list may show first.
    await expect.poll(() => page.getByTestId("orchestration-row").count()).toBe(1);
    expect(await row.getByTestId("orchestration-status").textContent()).toBe("Idle");
    await screenshot(page, "orchestration-admin-en");

    // By keyboard: focus the row's pause button and press Enter.
    await row.getByTestId("orchestration-pause").focus();
    await page.keyboard.press("Enter");
    await entityRow(page, entityId, "paused").waitFor();
    expect(await page.getByTestId("orchestration-notice").textContent()).toBe(`${name} is paused.`);
    expect(await row.textContent()).toContain("Paused by an operator");

    const refused = await ask();
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(
      `${name} was paused by an operator; it cannot run until an operator resumes it`,
    );

    // The user's own view says so, and their resume is refused with the reason.
    const own = await openPage(browser, "/ai/entity-orchestration", {
      language: "en",
      token: user.token,
    });
    const ownRow = entityRow(own, entityId);
    await ownRow.waitFor();
    expect(await ownRow.getByTestId("orchestration-status").textContent()).toBe("Paused");
    expect(await ownRow.textContent()).toContain("Paused by an operator");
    // Only a manager can lift a manager's hold: the owner's resume is disabled (the server refuses it too).
    expect(await ownRow.getByTestId("orchestration-resume").isDisabled()).toBe(true);
    await screenshot(own, "orchestration-user-en");
    await own.context().close();
    await page.context().close();

    // Stop needs a confirmation; Hebrew, right to left.
    const hebrew = await openPage(browser, "/entity-orchestration", {
      language: "he",
      token: adminToken,
    });
    // A new filter clears the selection, and the search is asked 300 ms after typing stops (the entity may be the only
    // one, so a count of rows cannot tell): select once the searched list has arrived.
    const searched = hebrew.waitForResponse(
      (response) => new URL(response.url()).searchParams.get("search") === name,
    );
    await hebrew.getByTestId("orchestration-search").fill(name);
    await searched;
    const heRow = entityRow(hebrew, entityId);
    await heRow.waitFor();
    expect(await hebrew.locator("html").getAttribute("dir")).toBe("rtl");
    await heRow.getByTestId("orchestration-select").check();
    await hebrew.getByTestId("orchestration-bulk-bar").waitFor();
    await hebrew.getByTestId("orchestration-bulk-stop").click();
    const dialog = hebrew.getByTestId("orchestration-stop-dialog");
    await dialog.waitFor();
    await screenshot(hebrew, "orchestration-stop-dialog-he");
    await hebrew.getByTestId("orchestration-stop-dialog-confirm").click();
    await entityRow(hebrew, entityId, "stopped").waitFor();
    await screenshot(hebrew, "orchestration-admin-he");

    await heRow.getByTestId("orchestration-resume").click();
    await entityRow(hebrew, entityId, "idle").waitFor();
    expect((await ask()).status).toBe(200);
    await hebrew.context().close();
  });
});
