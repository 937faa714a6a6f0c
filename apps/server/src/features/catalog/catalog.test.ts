// GET /api/catalog serves both plan models with the spec's numbers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

describe("GET /api/catalog", () => {
  it("lists four tiers and five worlds with prices and limits", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/catalog" });
    expect(response.statusCode).toBe(200);
    const { tiers, worlds } = response.json();
    expect(
      tiers.map((t: { name: string; pricing: { monthly: number } }) => [t.name, t.pricing.monthly]),
    ).toEqual([
      ["genesis", 0],
      ["quantum", 49],
      ["cosmic", 199],
      ["infinity", 999],
    ]);
    expect(
      worlds.map((w: { tier: string; pricing: { monthly: number } }) => [
        w.tier,
        w.pricing.monthly,
      ]),
    ).toEqual([
      ["genesis", 0],
      ["awakening", 19],
      ["quantum", 33],
      ["cosmic", 99],
      ["infinity", -1],
    ]);
    const cosmic = tiers[2];
    expect(cosmic.limits).toMatchObject({
      apiCallsPerMinute: 300,
      maxConcurrentRequests: 50,
      maxAITokensPerDay: 500000,
    });
    expect(cosmic.features).toMatchObject({
      consciousnessEngine: true,
      sla: 4,
      supportLevel: "priority",
    });
    expect(cosmic.pricing).toMatchObject({ yearly: 1990, trialDays: 30, currency: "USD" });
    expect(worlds[4].progression).toMatchObject({ experienceMultiplier: 5, questSlots: -1 });
  });
});
