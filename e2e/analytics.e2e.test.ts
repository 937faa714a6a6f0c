// /admin/analytics in a real browser: an admin sees the KPI tiles and charts drawn from the e2e server's real data
// (accounts, activity, plan changes, an AI run), changes the range and the interval, switches a chart to its table
// and downloads a report as CSV, in English and Hebrew; a plain user is kept out.
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { api, registerAccount, registerAdmin, type TestAccount } from "./support/api.js";
import { browser, openPage, screenshot, seriousViolations } from "./support/browser.js";

let analyst: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  analyst = await registerAdmin("stats");
  // Real activity for the reports: a plan change with a trial, and a chat answer (an AI run).
  member = await registerAccount("member");
  expect(
    (await api("/api/plan/tier", { body: { tier: "quantum" }, token: member.token })).status,
  ).toBe(200);
  const universe = await api<{ universe: { id: string } }>("/api/aacos/universes", {
    body: { name: "Metrics lab" },
    token: member.token,
  });
  const entity = await api<{ entity: { id: string } }>(
    `/api/aacos/universes/${universe.body.universe.id}/entities`,
    {
      body: { name: "Counter", role: "analyst", systemPrompt: "Count things." },
      token: member.token,
    },
  );
  const conversation = await api<{ conversation: { id: string } }>("/api/chat/conversations", {
    body: { entityId: entity.body.entity.id },
    token: member.token,
  });
  const message = await api(
    `/api/chat/conversations/${conversation.body.conversation.id}/messages`,
    {
      body: { content: "How many?" },
      token: member.token,
    },
  );
  expect(message.status).toBe(200);
});

describe("analytics", () => {
  it("shows the real numbers as tiles and charts, changes the range and downloads a CSV", async () => {
    const page = await openPage(browser, "/admin/analytics", {
      language: "en",
      token: analyst.token,
      acceptDownloads: true,
    });
    await page.getByTestId("analytics-screen").waitFor();
    const users = page.getByTestId("kpi-users");
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="kpi-users"] dd')?.textContent?.includes("…"),
    );
    expect(
      Number((await users.locator("dd").textContent())?.replace(/\D/g, "")),
    ).toBeGreaterThanOrEqual(3);
    expect(
      Number(
        (await page.getByTestId("kpi-signups").locator("dd").textContent())?.replace(/\D/g, ""),
      ),
    ).toBeGreaterThanOrEqual(3);
    await page.getByTestId("signups-chart").waitFor();
    await page.locator('[data-testid="active-chart"] canvas').first().waitFor();
    await page.locator('[data-testid="revenue-chart"] canvas').first().waitFor();
    await page.locator('[data-testid="ai-chart"] canvas').first().waitFor();
    await page.getByTestId("retention-table").waitFor();
    expect(await page.getByTestId("revenue-moves").textContent()).toMatch(/Upgrades\s*[1-9]/);
    expect(await page.getByTestId("signups-chart").getAttribute("data-points")).toBe("30");
    expect(await page.getByTestId("analytics-preset-30").getAttribute("aria-pressed")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "analytics-en");

    // A week by day, then grouped by week; the address keeps the range.
    await page.getByTestId("analytics-preset-7").click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="signups-chart"]')?.getAttribute("data-points") ===
        "7",
    );
    await page.getByTestId("analytics-interval-week").click();
    await page.waitForFunction(() => {
      const points = Number(
        document.querySelector('[data-testid="signups-chart"]')?.getAttribute("data-points"),
      );
      return points >= 1 && points <= 2;
    });
    expect(new URL(page.url()).searchParams.get("interval")).toBe("week");

    // A custom range refused in the browser with the server's rule, then a valid one.
    // A start the day after the shown end (a fixed year would stop being "after" once that year came).
    const end = await page.getByTestId("analytics-to").inputValue();
    const dayAfter = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await page.getByTestId("analytics-from").fill(dayAfter);
    await page.getByTestId("analytics-apply").click();
    expect(await page.getByTestId("analytics-range-error").textContent()).toBe(
      "The start date must not be after the end date.",
    );

    await page.getByTestId("report-signups-table-toggle").click();
    await page.getByTestId("signups-table").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-signups-csv").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^aacos-signups-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-week\.csv$/,
    );
    const csv = await readFile(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe("bucket,signups");
    expect(csv.split("\r\n").length).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });

  it("reads right to left in Hebrew", async () => {
    const page = await openPage(browser, "/admin/analytics?interval=day", {
      language: "he",
      token: analyst.token,
    });
    await page.locator('[data-testid="active-chart"] canvas').first().waitFor();
    await page.getByTestId("retention-table").waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.locator("h1").textContent()).toBe("אנליטיקה");
    await screenshot(page, "analytics-he");
    await page.context().close();
  });

  it("keeps a plain user out", async () => {
    const page = await openPage(browser, "/admin/analytics", {
      language: "en",
      token: member.token,
    });
    await page.getByTestId("restricted-access").waitFor();
    expect(await page.getByTestId("analytics-screen").count()).toBe(0);
    const refused = await api("/api/admin/analytics/signups", { token: member.token });
    expect(refused.status).toBe(403);
    await page.context().close();
  });
});
