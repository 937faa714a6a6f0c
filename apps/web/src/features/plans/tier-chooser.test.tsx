// The tier chooser with the real catalogue: five priced cards, the detail panel, actions and the comparison table.

import { buildCatalog, effectiveLimits, tierByName } from "@aacos/domain/catalog";
import type { BillingStatus } from "@aacos/domain/replies";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AuthUser, useAuthStore } from "../../lib/auth-store";
import { billingKeys } from "../../lib/billing";
import { applyLanguage } from "../../lib/i18n";
import { resetUpgradePrompts } from "../../lib/upgrade-prompts";
import { startTestApi } from "../../test-api-server";
import { testUser } from "../../test-fixtures";
import { renderAt, testQueryClient } from "../../test-utils";
import { TierChooserScreen } from "./tier-chooser-screen";

const WORLD_TIERS = ["genesis", "awakening", "quantum", "cosmic", "infinity"];

function renderTiers(queryClient = testQueryClient()) {
  // The screen waits for the billing status (the test-mode notice above the cards must not push them down later); a
  // server without Stripe answers test mode with self-service plan changes.
  if (queryClient.getQueryData(billingKeys.status) === undefined)
    queryClient.setQueryData<BillingStatus>(billingKeys.status, {
      mode: "test",
      selfService: true,
    });
  return renderAt(
    "/tiers",
    { "/tiers": <TierChooserScreen />, "/auth/register": <p>register page</p> },
    queryClient,
  );
}

describe("TierChooserScreen", () => {
  beforeEach(() => applyLanguage("en"));
  afterEach(() => {
    act(() => useAuthStore.setState({ user: null }));
    applyLanguage("he");
  });

  it("shows five world cards with prices from the catalogue", () => {
    renderTiers();
    expect(screen.getByRole("heading", { level: 1, name: "Choose Your World" })).toBeVisible();
    for (const tier of WORLD_TIERS) expect(screen.getByTestId(`world-card-${tier}`)).toBeVisible();
    expect(screen.getByTestId("world-price-genesis")).toHaveTextContent("FREE");
    expect(screen.getByTestId("world-price-awakening")).toHaveTextContent("$19/month");
    expect(screen.getByTestId("world-price-quantum")).toHaveTextContent("$33/month");
    expect(screen.getByTestId("world-price-cosmic")).toHaveTextContent("$99/month");
    expect(screen.getByTestId("world-price-infinity")).toHaveTextContent("CUSTOM");
    expect(screen.getByRole("img", { name: "Level 4 of 5" })).toBeInTheDocument();
  });

  it("shows no Current badge and a sign-in invitation to a visitor", () => {
    renderTiers();
    expect(screen.queryByText("Current")).not.toBeInTheDocument();
    const panel = screen.getByTestId("progress-panel");
    expect(within(panel).getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/auth/login",
    );
    expect(within(panel).getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/auth/register",
    );
  });

  it("opens the detail panel on selection, with Unlimited and ∞ for infinity", () => {
    renderTiers();
    expect(screen.queryByTestId("world-detail")).not.toBeInTheDocument();
    const card = screen.getByTestId("world-card-infinity");
    expect(card).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(card);
    expect(card).toHaveAttribute("aria-pressed", "true");
    const detail = screen.getByTestId("world-detail");
    expect(within(detail).getByRole("heading", { name: "Infinity details" })).toBeVisible();
    expect(within(detail).getByTestId("limit-apiCallsPerDay")).toHaveTextContent("Unlimited");
    expect(within(detail).getByTestId("limit-storageGB")).toHaveTextContent("Unlimited");
    expect(within(detail).getByTestId("benefit-questSlots")).toHaveTextContent("∞");
    expect(within(detail).getByTestId("benefit-experienceMultiplier")).toHaveTextContent("×5");
    expect(within(detail).getByText("Dedicated success team")).toBeVisible();
    const bars = within(detail).getAllByRole("progressbar");
    expect(bars).toHaveLength(5);
    for (const bar of bars) expect(bar).toHaveAttribute("aria-valuenow", "100");
  });

  it("scales limit bars to the spec maxima", () => {
    renderTiers();
    fireEvent.click(screen.getByTestId("world-card-quantum"));
    const detail = screen.getByTestId("world-detail");
    // 20000 of 100000 API calls per day, 50 of 1000 GB, 10 of 50 members.
    expect(within(detail).getByTestId("limit-apiCallsPerDay")).toHaveTextContent("20,000");
    const [apiCalls, storage, team] = within(detail).getAllByRole("progressbar");
    expect(apiCalls).toHaveAttribute("aria-valuenow", "20");
    expect(storage).toHaveAttribute("aria-valuenow", "5");
    expect(team).toHaveAttribute("aria-valuenow", "20");
  });

  it("sends a visitor who picks a world to registration", () => {
    renderTiers();
    fireEvent.click(screen.getByTestId("world-card-cosmic"));
    fireEvent.click(screen.getByRole("button", { name: "Upgrade to Cosmic" }));
    expect(screen.getByText("register page")).toBeInTheDocument();
  });

  it("marks the user's world Current and offers upgrade up and switch down", () => {
    const user: AuthUser = {
      id: "u1",
      email: "a@example.com",
      username: "a",
      roles: ["user"],
      permissions: [],
      tier: "genesis",
      world: "quantum",
    };
    useAuthStore.setState({ user });
    renderTiers();
    expect(within(screen.getByTestId("world-card-quantum")).getByText("Current")).toBeVisible();
    expect(screen.getAllByText("Current")).toHaveLength(1);
    // The current world is preselected and offers no action.
    expect(screen.getByTestId("world-detail")).toHaveTextContent("Quantum details");
    expect(screen.queryByTestId("world-action")).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId("world-card-cosmic"));
    expect(screen.getByTestId("world-action")).toHaveTextContent("Upgrade to Cosmic");
    // Worlds only move up: a lower world says why instead of offering a button that must fail.
    fireEvent.click(screen.getByTestId("world-card-awakening"));
    expect(screen.queryByTestId("world-action")).not.toBeInTheDocument();
    expect(screen.getByTestId("world-action-blocked")).toHaveTextContent(
      "Switching to Awakening isn't possible: worlds only move up, and you are already in Quantum.",
    );
  });

  it("shows and hides the full comparison table", () => {
    renderTiers();
    const toggle = screen.getByTestId("comparison-toggle");
    expect(toggle).toHaveTextContent("Show full comparison");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("comparison-table")).not.toBeInTheDocument();

    fireEvent.click(toggle);
    const table = screen.getByTestId("comparison-table");
    expect(toggle).toHaveTextContent("Hide full comparison");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(table).getAllByRole("columnheader")).toHaveLength(6);
    const rows = within(table)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    expect(rows).toEqual([
      "Dashboard type",
      "Analytics",
      "AI assistant",
      "AI tokens per day",
      "Team size",
      "Quantum processing",
      "Reality forge",
      "Support level",
    ]);
    const tokensRow = within(table).getByRole("row", { name: /AI tokens per day/ });
    expect(tokensRow).toHaveTextContent("Unlimited");

    fireEvent.click(toggle);
    expect(screen.queryByTestId("comparison-table")).not.toBeInTheDocument();
  });

  it("shows the Hebrew texts in Hebrew", () => {
    applyLanguage("he");
    renderTiers();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("בחרו את העולם שלכם");
    expect(screen.getByTestId("world-price-genesis")).toHaveTextContent("חינם");
  });

  it("shows an error with a retry when the catalogue cannot load", async () => {
    const client = testQueryClient(false);
    const realFetch = globalThis.fetch;
    globalThis.fetch = async () => new Response("{}", { status: 503 });
    try {
      renderTiers(client);
      expect(await screen.findByTestId("tiers-error")).toHaveTextContent(
        "The worlds could not be loaded.",
      );
      expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("shows a signed-in user their progress from GET /api/progress/me and the Current badge on their world", async () => {
    const user = testUser({ world: "quantum" });
    const api = await startTestApi({
      "GET /api/progress/me": () => ({
        status: 200,
        body: {
          userId: "u1",
          currentWorld: "quantum",
          rank: "explorer",
          experience: 1520,
          level: 2,
          tokens: 240,
          consecutiveLogins: 4,
          lastLogin: null,
          lastLoginDate: "2026-01-01",
          achievedMilestones: [100, 500, 1000],
          completedQuests: [],
          badges: [],
          customizations: {},
          nextRank: { rank: "pioneer", from: 5000 },
        },
      }),
      "GET /api/plan/me": () => ({ status: 500, body: {} }),
    });
    try {
      useAuthStore.setState({ user, status: "ready" });
      renderTiers();
      const panel = screen.getByTestId("progress-panel");
      expect(panel).toHaveAttribute("data-world", "quantum");
      expect(within(panel).getByTestId("progress-panel-status")).toHaveTextContent(
        "Loading your progress…",
      );
      expect(await within(panel).findByTestId("progress-rank")).toHaveTextContent("Explorer");
      expect(within(panel).getByTestId("progress-level")).toHaveTextContent("2");
      expect(within(panel).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "52");
      expect(within(panel).getByTestId("progress-next-rank")).toHaveTextContent(
        "3,480 XP to Pioneer",
      );
      expect(screen.getByTestId("world-current-quantum")).toHaveTextContent("Current");
      expect(api.count("GET /api/progress/me")).toBe(1);
    } finally {
      await api.close();
    }
  });

  it("upgrades a signed-in user's world through the plan API and moves the Current badge", async () => {
    resetUpgradePrompts();
    const member: AuthUser = {
      id: "u2",
      email: "noa@example.com",
      username: "noa",
      roles: ["user"],
      permissions: [],
      tier: "genesis",
      world: "genesis",
    };
    let world: AuthUser["world"] = "genesis";
    const plan = () => ({
      tier: "genesis",
      world,
      trialEndsAt: null,
      pendingTier: null,
      periodEndsAt: null,
      limits: effectiveLimits("genesis", world),
      features: tierByName("genesis").features,
      history:
        world === "genesis"
          ? []
          : [
              {
                kind: "world",
                fromPlan: "genesis",
                toPlan: world,
                effectiveAt: "2026-01-01T00:00:00.000Z",
                bonusTokens: 750,
              },
            ],
    });
    const api = await startTestApi({
      "GET /api/plan/me": () => ({ status: 200, body: plan() }),
      "POST /api/plan/world": (request) => {
        world = (request.body as { world: AuthUser["world"] }).world;
        return { status: 200, body: plan() };
      },
      "GET /api/auth/me": () => ({ status: 200, body: { user: { ...member, world } } }),
    });
    try {
      act(() => useAuthStore.setState({ user: member, status: "ready" }));
      const client = testQueryClient();
      client.setQueryData(["catalog"], buildCatalog());
      renderTiers(client);
      expect(screen.getByTestId("world-current-genesis")).toBeVisible();
      fireEvent.click(screen.getByTestId("world-card-cosmic"));
      fireEvent.click(screen.getByRole("button", { name: "Upgrade to Cosmic" }));

      expect(
        await screen.findByTestId("world-change-status", {}, { timeout: 8000 }),
      ).toHaveTextContent("You're now in Cosmic. Upgrade bonus: 750 tokens.");
      expect(api.requests.find((r) => r.path === "/api/plan/world")?.body).toEqual({
        world: "cosmic",
        interval: "monthly",
      });
      expect(screen.getByTestId("world-current-cosmic")).toHaveTextContent("Current");
      expect(screen.queryByTestId("world-current-genesis")).not.toBeInTheDocument();
      expect(useAuthStore.getState().user?.world).toBe("cosmic");
      expect(screen.queryByTestId("world-action")).not.toBeInTheDocument();
    } finally {
      await api.close();
      resetUpgradePrompts();
    }
  });

  it("changes the subscription tier from the plan section and offers to keep it when a downgrade is scheduled", async () => {
    const member: AuthUser = {
      id: "u3",
      email: "lior@example.com",
      username: "lior",
      roles: ["user"],
      permissions: [],
      tier: "genesis",
      world: "genesis",
    };
    let state = { tier: "genesis" as AuthUser["tier"], pendingTier: null as string | null };
    const plan = () => ({
      tier: state.tier,
      world: "genesis",
      trialEndsAt: state.tier === "genesis" ? null : "2030-01-15T00:00:00.000Z",
      pendingTier: state.pendingTier,
      periodEndsAt: state.tier === "genesis" ? null : "2030-01-31T00:00:00.000Z",
      limits: effectiveLimits(state.tier, "genesis"),
      features: tierByName(state.tier).features,
      history: [],
    });
    const api = await startTestApi({
      "GET /api/plan/me": () => ({ status: 200, body: plan() }),
      "POST /api/plan/tier": (request) => {
        const tier = (request.body as { tier: AuthUser["tier"] }).tier;
        if (tier === "genesis" && state.tier === "quantum")
          state = { ...state, pendingTier: "genesis" };
        else if (tier === state.tier) state = { ...state, pendingTier: null };
        else state = { tier, pendingTier: null };
        return { status: 200, body: plan() };
      },
      "GET /api/auth/me": () => ({ status: 200, body: { user: { ...member, tier: state.tier } } }),
    });
    try {
      act(() => useAuthStore.setState({ user: member, status: "ready" }));
      renderTiers();
      expect(await screen.findByTestId("plan-current-genesis")).toHaveTextContent("Current");
      fireEvent.click(screen.getByTestId("plan-action-quantum"));
      expect(await screen.findByTestId("plan-status", {}, { timeout: 8000 })).toHaveTextContent(
        "You're now on Quantum.",
      );
      expect(await screen.findByTestId("plan-current-quantum")).toBeVisible();
      expect(useAuthStore.getState().user?.tier).toBe("quantum");

      fireEvent.click(screen.getByTestId("plan-action-genesis"));
      expect(await screen.findByTestId("plan-pending")).toHaveTextContent("Quantum stays until");
      // The session user is refreshed before the change counts as done.
      await waitFor(() => expect(screen.getByTestId("plan-keep")).toBeEnabled());
      fireEvent.click(screen.getByTestId("plan-keep"));
      // The scheduled-downgrade notice is on screen until the answer arrives.
      await waitFor(() =>
        expect(screen.getByTestId("plan-status")).toHaveTextContent(
          "The scheduled change is off: you keep Quantum.",
        ),
      );
      expect(screen.queryByTestId("plan-pending")).not.toBeInTheDocument();
    } finally {
      await api.close();
    }
  });
});
