// Upgrade prompts: the genesis sequence and its timings, the once-a-minute gate, other tiers' notification, the soft
// hint, the modal's keyboard handling and the celebration; refusals come from a real local server through the client.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet } from "../lib/api-client";
import { type AuthUser, useAuthStore } from "../lib/auth-store";
import { applyLanguage } from "../lib/i18n";
import {
  celebrateMoveUp,
  dispatchUpgradePrompt,
  promptForRefusal,
  resetUpgradePrompts,
} from "../lib/upgrade-prompts";
import { startTestApi, type TestApi } from "../test-api-server";
import { renderAt } from "../test-utils";
import { UpgradePrompts } from "./upgrade-prompts";

const MINUTE_LIMIT = "Rate limit exceeded: 10 calls per minute";

function user(tier: AuthUser["tier"]): AuthUser {
  return {
    id: `u-${tier}`,
    email: "dana@example.com",
    username: "dana",
    roles: ["user"],
    permissions: [],
    tier,
    world: "genesis",
  };
}

function rateLimited(): ApiError {
  return new ApiError(429, "rate_limited", MINUTE_LIMIT, {}, 42, {
    suggestedTier: "quantum",
    upgradeUrl: "/tiers?upgrade=quantum",
    reason: "apiCallsPerMinute",
  });
}

function renderPrompts() {
  return renderAt("/", { "/": <UpgradePrompts />, "/tiers": <p>tiers page</p> });
}

describe("UpgradePrompts", () => {
  beforeEach(() => {
    applyLanguage("en");
    resetUpgradePrompts();
  });
  afterEach(() => {
    vi.useRealTimers();
    act(() => useAuthStore.setState({ user: null }));
    resetUpgradePrompts();
    applyLanguage("he");
  });

  it("shows genesis users the modal at once, a notification after 2 s and the 20% banner after 5 s", () => {
    vi.useFakeTimers();
    act(() => useAuthStore.setState({ user: user("genesis") }));
    renderPrompts();
    act(() => promptForRefusal(rateLimited(), "genesis"));

    const modal = screen.getByRole("dialog", { name: "You've Hit Your Limit!" });
    expect(modal).toHaveAttribute("aria-modal", "true");
    expect(within(modal).getByText(MINUTE_LIMIT)).toBeVisible();
    expect(within(modal).getByRole("link", { name: "Upgrade to Quantum" })).toHaveAttribute(
      "href",
      "/tiers?upgrade=quantum",
    );
    expect(screen.queryByTestId("upgrade-notification")).not.toBeInTheDocument();
    expect(screen.queryByTestId("upgrade-banner")).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.queryByTestId("upgrade-notification")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("upgrade-notification")).toBeVisible();
    expect(screen.queryByTestId("upgrade-banner")).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3_000));
    const banner = screen.getByTestId("upgrade-banner");
    expect(banner).toHaveTextContent("20% off annual plans");
    expect(banner).toHaveTextContent("Save 20% when you pay yearly");
    // Notification and banner sit in polite live regions.
    expect(banner.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByTestId("upgrade-notification").closest("[aria-live]")).toHaveAttribute(
      "aria-live",
      "polite",
    );
  });

  it("neither stacks nor repeats a kind within a minute", () => {
    vi.useFakeTimers();
    renderPrompts();
    act(() => promptForRefusal(rateLimited(), "genesis"));
    act(() => vi.advanceTimersByTime(5_000));
    fireEvent.click(screen.getByTestId("upgrade-modal-dismiss"));
    fireEvent.click(screen.getByTestId("upgrade-banner-close"));

    act(() => vi.advanceTimersByTime(10_000));
    act(() => promptForRefusal(rateLimited(), "genesis"));
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByTestId("upgrade-banner")).not.toBeInTheDocument();
    expect(screen.queryByTestId("upgrade-notification")).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60_000));
    act(() => promptForRefusal(rateLimited(), "genesis"));
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });

  it("gives other tiers one notification with the server's message and the upgrade link", () => {
    vi.useFakeTimers();
    renderPrompts();
    const locked = new ApiError(
      403,
      "feature_locked",
      "Team collaboration needs the Cosmic plan",
      {},
      null,
      {
        suggestedTier: "cosmic",
        upgradeUrl: "/tiers?upgrade=cosmic",
        reason: "teamCollaboration",
      },
    );
    act(() => promptForRefusal(locked, "quantum"));
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByTestId("upgrade-banner")).not.toBeInTheDocument();
    const note = screen.getByTestId("upgrade-notification");
    expect(note).toHaveTextContent("Team collaboration needs the Cosmic plan");
    expect(within(note).getByRole("link", { name: "Upgrade to Cosmic" })).toHaveAttribute(
      "href",
      "/tiers?upgrade=cosmic",
    );
  });

  it("turns a 429 and the soft hint from the server into prompts", async () => {
    const api: TestApi = await startTestApi({
      "GET /api/files": () => ({
        status: 429,
        body: {
          error: { code: "rate_limited", message: MINUTE_LIMIT },
          retryAfter: 42,
          suggestedTier: "quantum",
          upgradeUrl: "/tiers?upgrade=quantum",
          reason: "apiCallsPerMinute",
        },
      }),
      "GET /api/usage/me": () => ({
        status: 200,
        body: {},
        headers: { "AACOS-Upgrade-Hint": "soft" },
      }),
    });
    try {
      act(() => useAuthStore.setState({ user: user("genesis") }));
      renderPrompts();
      await act(() => apiGet("/usage/me"));
      expect(await screen.findByTestId("upgrade-slide-in")).toHaveTextContent("Ready for more?");

      const refusal = await act(() => apiGet("/files").catch((error: unknown) => error));
      expect(refusal).toBeInstanceOf(ApiError);
      expect((refusal as ApiError).upgrade?.upgradeUrl).toBe("/tiers?upgrade=quantum");
      expect(await screen.findByRole("dialog", { name: "You've Hit Your Limit!" })).toBeVisible();
    } finally {
      await api.close();
    }
  });

  it("traps focus in the modal and closes it with Escape", () => {
    renderPrompts();
    act(() => promptForRefusal(rateLimited(), "genesis"));
    const dialog = screen.getByRole("dialog");
    const close = screen.getByTestId("upgrade-modal-close");
    const action = screen.getByTestId("upgrade-modal-action");
    expect(close).toHaveFocus();
    action.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(close).toHaveFocus();
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(action).toHaveFocus();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(dialog).not.toBeInTheDocument();
  });

  it("renders every kind, and celebrates a move up", () => {
    renderPrompts();
    act(() => {
      dispatchUpgradePrompt({ kind: "tooltip", tier: "quantum", reason: "x", message: "Tip" });
      dispatchUpgradePrompt({
        kind: "fullscreen",
        tier: "quantum",
        reason: "x",
        message: MINUTE_LIMIT,
        upgradeUrl: "/tiers",
      });
    });
    expect(screen.getByRole("tooltip")).toHaveTextContent("Tip");
    expect(screen.getByRole("dialog", { name: "Unlock everything AACOS can do" })).toBeVisible();
    fireEvent.keyDown(document, { key: "Escape" });

    act(() => celebrateMoveUp("world", "cosmic"));
    expect(screen.getByTestId("upgrade-celebration")).toHaveTextContent("Welcome to Cosmic!");
    // A celebration answers the user's own move: a second one in the minute still shows.
    act(() => celebrateMoveUp("tier", "quantum"));
    expect(screen.getAllByTestId("upgrade-celebration")).toHaveLength(1);
    expect(screen.getByTestId("upgrade-celebration")).toHaveTextContent("Welcome to Quantum!");
  });

  it("speaks Hebrew in Hebrew", () => {
    applyLanguage("he");
    renderPrompts();
    act(() => promptForRefusal(rateLimited(), "genesis"));
    expect(screen.getByRole("dialog", { name: "הגעתם למגבלה!" })).toHaveTextContent(
      "חריגה ממגבלת הקצב: 10 קריאות לדקה",
    );
  });
});
