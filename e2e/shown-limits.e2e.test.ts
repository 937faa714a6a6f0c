// Issue 15 in a real browser: for every tier × world, each limit /tiers shows a signed-in user is the one the server
// enforces for that plan in that world (read back from GET /api/plan/me of an account put there), after an admin has
// edited the live catalogue; the dashboard shows the same figures with their source. The edit is put back at the end.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, registerAccount, registerAdmin, type TestAccount } from "./support/api.js";
import { browser, openPage, screenshot } from "./support/browser.js";

const TIERS = ["genesis", "quantum", "cosmic", "infinity"] as const;
const WORLDS = ["genesis", "awakening", "quantum", "cosmic", "infinity"] as const;
/** The limit bars of the world detail, and the plan limit each shows. */
const SHOWN = [
  ["apiCallsPerDay", "apiCallsPerDay"],
  ["storageGB", "maxStorageGB"],
  ["teamSize", "maxTeamMembers"],
  ["aiTokensPerDay", "maxAITokensPerDay"],
  ["maxProjects", "maxProjects"],
] as const;
type Limit = (typeof SHOWN)[number][1];
type Limits = Record<Limit, number>;

let admin: TestAccount;
beforeAll(async () => {
  admin = await registerAdmin("limadm");
  // An admin's edit: the awakening world now grants 77,777 AI tokens a day.
  const edited = await api("/api/admin/settings/worlds/awakening", {
    method: "PUT",
    token: admin.token,
    body: { limits: { llmTokensPerDay: 77_777 } },
  });
  if (edited.status !== 200) throw new Error(`catalogue edit failed: ${edited.status}`);
});
afterAll(async () => {
  await api("/api/admin/settings/worlds/awakening?field=limits.llmTokensPerDay", {
    method: "DELETE",
    token: admin.token,
  });
});

async function putOnPlan(account: TestAccount, tier: string, world: string): Promise<void> {
  const result = await api(`/api/users/${account.id}`, {
    method: "PUT",
    token: admin.token,
    body: { tier, world },
  });
  if (result.status !== 200) throw new Error(`plan change failed: ${result.status}`);
}

/** "1,000" → 1000, "Unlimited" → −1. */
function figure(text: string): number {
  if (/Unlimited/.test(text)) return -1;
  const digits = text.match(/[\d,]+/)?.[0] ?? "";
  return Number(digits.replace(/,/g, ""));
}

async function shownIn(page: Page, world: string): Promise<Limits> {
  await page.getByTestId(`world-card-${world}`).click();
  const detail = page.getByTestId("world-detail");
  await detail.getByRole("heading").first().waitFor();
  const shown = {} as Limits;
  for (const [key, limit] of SHOWN) {
    const bar = detail.getByTestId(`limit-${key}`).getByRole("progressbar");
    shown[limit] = figure((await bar.getAttribute("aria-valuetext")) ?? "");
  }
  return shown;
}

describe("limits shown", () => {
  it("on /tiers are the enforced ones for every tier × world, through the live catalogue", async () => {
    // What the server enforces: an account put on each plan reads its effective limits back.
    const probe = await registerAccount("limprobe");
    const enforced = new Map<string, Limits>();
    for (const tier of TIERS) {
      for (const world of WORLDS) {
        await putOnPlan(probe, tier, world);
        const plan = await api<{ limits: Limits }>("/api/plan/me", { token: probe.token });
        expect(plan.status).toBe(200);
        enforced.set(`${tier}×${world}`, plan.body.limits);
      }
    }
    // The admin's edit is in force: a genesis plan in awakening gets the edited 77,777 tokens.
    expect(enforced.get("genesis×awakening")?.maxAITokensPerDay).toBe(77_777);

    for (const tier of TIERS) {
      const account = await registerAccount(`lim${tier}`);
      await putOnPlan(account, tier, "genesis");
      const page = await openPage(browser, "/tiers", { language: "en", token: account.token });
      await page.getByTestId("user-menu-button").waitFor();
      await page.getByTestId(`world-current-genesis`).waitFor();
      for (const world of WORLDS) {
        const shown = await shownIn(page, world);
        const expected = enforced.get(`${tier}×${world}`);
        const wanted = Object.fromEntries(SHOWN.map(([, limit]) => [limit, expected?.[limit]]));
        expect(shown, `${tier} × ${world}`).toEqual(wanted);
      }
      if (tier === "genesis") {
        await page.getByTestId("world-card-genesis").click();
        await screenshot(page, "shown-limits-tiers-genesis-en");
      }
      await page.context().close();
    }
    // Twenty plan changes and four pages of five worlds each: slow on a shared two-core machine.
  }, 300_000);

  it("on the dashboard, with where each comes from (Hebrew)", async () => {
    const account = await registerAccount("limdash");
    const plan = await api<{ limits: Limits }>("/api/plan/me", { token: account.token });
    const page = await openPage(browser, "/dashboard", { language: "he", token: account.token });
    const day = page.getByTestId("dashboard-usage-calls-day");
    await day.waitFor();
    expect(figure((await day.innerText()).split("מתוך")[1] ?? "")).toBe(
      plan.body.limits.apiCallsPerDay,
    );
    await expect
      .poll(() => page.getByTestId("dashboard-usage-calls-day-source").innerText())
      .toContain("מהתוכנית שלכם");
    await screenshot(page, "shown-limits-dashboard-he");
    await page.context().close();
  });
});
