// Issue 15: every limit /tiers shows is the one the server enforces for this user — the domain's effectiveLimits over
// the live catalogue (admins' changes included) for the user's tier in each world — and says where it comes from.

import {
  buildCatalog,
  type Catalog,
  effectiveLimits,
  TIER_NAMES,
  type TierName,
  tierByName,
  WORLD_NAMES,
  type WorldName,
} from "@aacos/domain/catalog";
import type { BillingStatus } from "@aacos/domain/replies";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AuthUser, useAuthStore } from "../../lib/auth-store";
import { billingKeys } from "../../lib/billing";
import { catalogQuery } from "../../lib/catalog-query";
import { applyLanguage } from "../../lib/i18n";
import { planKeys } from "../../lib/plan-queries";
import { startTestApi } from "../../test-api-server";
import { renderAt, testQueryClient } from "../../test-utils";
import { TierChooserScreen } from "./tier-chooser-screen";

/** The live catalogue after an admin's edits: a world and a plan each give more than before. */
function editedCatalog(): Catalog {
  const catalog = buildCatalog();
  catalog.tiers = catalog.tiers.map((tier) =>
    tier.name === "quantum"
      ? { ...tier, limits: { ...tier.limits, apiCallsPerDay: 23_456 } }
      : tier,
  );
  catalog.worlds = catalog.worlds.map((world) =>
    world.tier === "awakening"
      ? { ...world, features: { ...world.features, llmTokensPerDay: 77_777 } }
      : world,
  );
  return catalog;
}

const SHOWN = [
  ["apiCallsPerDay", "apiCallsPerDay"],
  ["storageGB", "maxStorageGB"],
  ["teamSize", "maxTeamMembers"],
  ["aiTokensPerDay", "maxAITokensPerDay"],
  ["maxProjects", "maxProjects"],
] as const;

const SOURCE_TEXT = {
  plan: /^From your plan/,
  world: /^From the world/,
  // One name when plan and world are called alike ("The Genesis plan and world alike", never "(Genesis, Genesis)").
  both: /^(Plan and world alike \((?<plan>.+), (?!\k<plan>\)).+\)|The .+ plan and world alike)$/,
} as const;

function worldFigure(catalog: Catalog, name: WorldName, limit: (typeof SHOWN)[number][1]): number {
  const world = catalog.worlds.find((item) => item.tier === name);
  if (world === undefined) throw new Error(`no world ${name}`);
  const figures = {
    apiCallsPerDay: world.limits.apiCallsPerDay,
    maxStorageGB: world.limits.storageGB,
    maxTeamMembers: world.features.teamSize,
    maxAITokensPerDay: world.features.llmTokensPerDay,
    maxProjects: world.limits.maxProjects,
  };
  return figures[limit];
}

const number = new Intl.NumberFormat("en-US");
const text = (value: number) => (value === -1 ? "Unlimited" : number.format(value));

function user(tier: TierName): AuthUser {
  return {
    id: `u-${tier}`,
    email: `${tier}@example.com`,
    username: tier,
    roles: ["user"],
    permissions: [],
    tier,
    world: "genesis",
  };
}

describe("limits on /tiers", () => {
  beforeEach(() => applyLanguage("en"));
  afterEach(() => {
    act(() => useAuthStore.setState({ user: null }));
    applyLanguage("he");
  });

  it("match the enforced limits for every tier × world, with their source", async () => {
    const catalog = editedCatalog();
    const api = await startTestApi({
      "GET /api/progress/me": () => ({ status: 500, body: {} }),
      "GET /api/billing/status": () => ({ status: 500, body: {} }),
      "GET /api/plan/requests/me": () => ({ status: 500, body: {} }),
    });
    try {
      for (const tier of TIER_NAMES) {
        act(() => useAuthStore.setState({ user: user(tier), status: "ready" }));
        const client = testQueryClient();
        client.setQueryData(catalogQuery.queryKey, catalog);
        client.setQueryData<BillingStatus>(billingKeys.status, { mode: "test", selfService: true });
        client.setQueryData(planKeys.plan, {
          tier,
          world: "genesis",
          trialEndsAt: null,
          pendingTier: null,
          periodEndsAt: null,
          limits: effectiveLimits(tier, "genesis", catalog),
          features: tierByName(tier, catalog).features,
          history: [],
        });
        renderAt("/tiers", { "/tiers": <TierChooserScreen /> }, client);
        fireEvent.click(screen.getByRole("button", { name: "Show full comparison" }));
        for (const world of WORLD_NAMES) {
          // What the server enforces for this user in this world.
          const enforced = effectiveLimits(tier, world, catalog);
          const plan = tierByName(tier, catalog).limits;
          fireEvent.click(screen.getByTestId(`world-card-${world}`));
          const detail = screen.getByTestId("world-detail");
          for (const [key, limit] of SHOWN) {
            const where = `${tier} × ${world}: ${key}`;
            expect(within(detail).getByTestId(`limit-${key}`), where).toHaveTextContent(
              text(enforced[limit]),
            );
            // The world's own figure, read from the catalogue as admins left it.
            const own = worldFigure(catalog, world, limit);
            const expected =
              own === plan[limit] ? "both" : enforced[limit] === plan[limit] ? "plan" : "world";
            const source = within(detail).getByTestId(`limit-${key}-source`);
            expect(source.dataset.source, where).toBe(expected);
            expect(source, where).toHaveTextContent(SOURCE_TEXT[expected]);
          }
          expect(screen.getByTestId(`comparison-aiTokensPerDay-${world}`)).toHaveTextContent(
            text(enforced.maxAITokensPerDay),
          );
          expect(screen.getByTestId(`comparison-teamSize-${world}`)).toHaveTextContent(
            text(enforced.maxTeamMembers),
          );
        }
        cleanup();
      }
    } finally {
      await api.close();
    }
  }, 60_000);

  it("show a genesis user the 1,000 calls and tokens the server enforces in the genesis world, not the world's 500 and 100", () => {
    act(() => useAuthStore.setState({ user: user("genesis"), status: "ready" }));
    const client = testQueryClient();
    client.setQueryData<BillingStatus>(billingKeys.status, { mode: "test", selfService: true });
    renderAt("/tiers", { "/tiers": <TierChooserScreen /> }, client);
    fireEvent.click(screen.getByTestId("world-card-genesis"));
    const detail = screen.getByTestId("world-detail");
    expect(within(detail).getByTestId("limit-apiCallsPerDay")).toHaveTextContent("1,000");
    expect(within(detail).getByTestId("limit-aiTokensPerDay")).toHaveTextContent("1,000");
    expect(within(detail).getByTestId("limit-aiTokensPerDay-source")).toHaveTextContent(
      "From your plan (Genesis)",
    );
  });
});
