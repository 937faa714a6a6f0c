// Upgrade prompts: the genesis sequence and its timings (once per session, one prompt at a time), the once-a-minute gate,
// other tiers' notification, texts worded from the refusal's code, the soft hint on actions only, the modal's keyboard
// handling and the celebration; refusals come from a real local server through the client.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet, apiPost } from "../lib/api-client";
import { type AuthUser, useAuthStore } from "../lib/auth-store";
import { applyLanguage } from "../lib/i18n";
import {
  celebrateMoveUp,
  dispatchUpgradePrompt,
  promptForRefusal,
  resetUpgradePrompts,
} from "../lib/upgrade-prompts";
import { startTestApi, type TestApi } from "../test-api-server";
import { testUser } from "../test-fixtures";
import { renderAt } from "../test-utils";
import { UpgradePromptStrip, UpgradePrompts } from "./upgrade-prompts";

const MINUTE_LIMIT = "Rate limit exceeded: 10 calls per minute";
/** What the prompt says instead of the server's sentence: worded from the code, the window and retryAfter (42 s). */
const MINUTE_TEXT = "You have used this minute's calls on your plan. Try again in 42 seconds.";

function user(tier: AuthUser["tier"]): AuthUser {
  return testUser({ id: `u-${tier}`, tier });
}

function rateLimited(): ApiError {
  return new ApiError(429, "rate_limited", MINUTE_LIMIT, {}, 42, {
    suggestedTier: "quantum",
    upgradeUrl: "/tiers?upgrade=quantum",
    reason: "apiCallsPerMinute",
  });
}

function renderPrompts() {
  return renderAt("/", {
    "/": (
      <>
        <UpgradePromptStrip />
        <UpgradePrompts />
      </>
    ),
    "/tiers": <p>tiers page</p>,
  });
}

/** The prompts on screen, of every kind. */
function promptsShown(): HTMLElement[] {
  return screen.queryAllByTestId(
    /^upgrade-(modal|fullscreen|notification|banner|tooltip|slide-in|celebration)$/,
  );
}

describe("UpgradePrompts", () => {
  beforeEach(() => {
    applyLanguage("en");
    resetUpgradePrompts(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    act(() => useAuthStore.setState({ user: null }));
    resetUpgradePrompts(true);
    applyLanguage("he");
  });

  it("shows genesis users the modal at once, a notification after 2 s and the 20% banner after 5 s, one at a time", () => {
    vi.useFakeTimers();
    act(() => useAuthStore.setState({ user: user("genesis") }));
    renderPrompts();
    act(() => promptForRefusal(rateLimited(), "genesis", "u-genesis"));

    const modal = screen.getByRole("dialog", { name: "You've Hit Your Limit!" });
    expect(modal).toHaveAttribute("aria-modal", "true");
    expect(within(modal).getByText(MINUTE_TEXT)).toBeVisible();
    expect(modal).not.toHaveTextContent(MINUTE_LIMIT);
    expect(within(modal).getByRole("link", { name: "Upgrade to Quantum" })).toHaveAttribute(
      "href",
      "/tiers?upgrade=quantum",
    );
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.click(screen.getByTestId("upgrade-modal-dismiss"));
    expect(promptsShown()).toHaveLength(0);

    act(() => vi.advanceTimersByTime(999));
    expect(promptsShown()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("upgrade-notification")).toBeVisible();
    expect(promptsShown()).toHaveLength(1);

    act(() => vi.advanceTimersByTime(3_000));
    const banner = screen.getByTestId("upgrade-banner");
    expect(banner).toHaveTextContent("20% off annual plans");
    expect(banner).toHaveTextContent("Save 20% when you pay yearly");
    // The banner takes the notification's place: never two prompts at once.
    expect(promptsShown()).toEqual([banner]);
    expect(banner.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
  });

  it("lets the sequence wait behind the open modal instead of stacking on it", () => {
    vi.useFakeTimers();
    renderPrompts();
    act(() => promptForRefusal(rateLimited(), "genesis", "u-genesis"));
    // A screen's other calls refused at the same moment add nothing.
    act(() => vi.advanceTimersByTime(100));
    act(() => promptForRefusal(rateLimited(), "genesis", "u-genesis"));
    act(() => vi.advanceTimersByTime(7_900));
    expect(promptsShown()).toEqual([screen.getByTestId("upgrade-modal")]);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(promptsShown()).toEqual([screen.getByTestId("upgrade-notification")]);
    fireEvent.click(screen.getByTestId("upgrade-notification-close"));
    expect(promptsShown()).toEqual([screen.getByTestId("upgrade-banner")]);
  });

  it("plays the genesis sequence once per session; a later refusal gets one notification at most once a minute", () => {
    vi.useFakeTimers();
    renderPrompts();
    act(() => promptForRefusal(rateLimited(), "genesis", "u-genesis"));
    act(() => vi.advanceTimersByTime(5_000));
    fireEvent.click(screen.getByTestId("upgrade-modal-dismiss"));
    fireEvent.click(screen.getByTestId("upgrade-notification-close"));
    fireEvent.click(screen.getByTestId("upgrade-banner-close"));

    act(() => vi.advanceTimersByTime(10_000));
    act(() => promptForRefusal(rateLimited(), "genesis", "u-genesis"));
    act(() => vi.advanceTimersByTime(6_000));
    expect(promptsShown()).toHaveLength(0);

    // A reload forgets the minute gate but not the session's sequence.
    act(() => resetUpgradePrompts());
    act(() => promptForRefusal(rateLimited(), "genesis", "u-genesis"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(promptsShown()).toEqual([screen.getByTestId("upgrade-notification")]);
    expect(screen.getByTestId("upgrade-notification-message")).toHaveTextContent(MINUTE_TEXT);
    act(() => vi.advanceTimersByTime(6_000));
    expect(promptsShown()).toHaveLength(1);
  });

  it("gives other tiers one notification worded from the refusal, with the upgrade link", () => {
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
    expect(note).toHaveTextContent("Team collaboration is part of the Cosmic plan.");
    expect(promptsShown()).toEqual([note]);
    expect(within(note).getByRole("link", { name: "Upgrade to Cosmic" })).toHaveAttribute(
      "href",
      "/tiers?upgrade=cosmic",
    );
  });

  it("turns a 429 and the soft hint on an action into prompts, but not a read's hint or the general limit", async () => {
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
      "GET /api/quests": () => ({
        status: 429,
        body: {
          error: { code: "rate_limited", message: "Too many requests: 100 per minute" },
          retryAfter: 12,
          reason: "general",
        },
      }),
      "GET /api/usage/me": () => ({
        status: 200,
        body: {},
        headers: { "AACOS-Upgrade-Hint": "soft" },
      }),
      "POST /api/chat": () => ({
        status: 200,
        body: {},
        headers: { "AACOS-Upgrade-Hint": "soft" },
      }),
    });
    try {
      act(() => useAuthStore.setState({ user: user("genesis") }));
      renderPrompts();
      await act(() => apiGet("/usage/me"));
      // The general per-user limit is no plan's: upgrading would not lift it.
      await act(() => apiGet("/quests").catch(() => undefined));
      expect(promptsShown()).toHaveLength(0);

      await act(() => apiPost("/chat", {}));
      expect(await screen.findByTestId("upgrade-slide-in")).toHaveTextContent("Ready for more?");

      const refusal = await act(() => apiGet("/files").catch((error: unknown) => error));
      expect(refusal).toBeInstanceOf(ApiError);
      expect((refusal as ApiError).upgrade?.upgradeUrl).toBe("/tiers?upgrade=quantum");
      expect(await screen.findByRole("dialog", { name: "You've Hit Your Limit!" })).toBeVisible();
      // The refusal's modal took the soft hint's place.
      expect(promptsShown()).toHaveLength(1);
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
      dispatchUpgradePrompt({
        kind: "fullscreen",
        tier: "quantum",
        reason: "x",
        message: MINUTE_LIMIT,
        upgradeUrl: "/tiers",
      });
    });
    expect(screen.getByRole("dialog", { name: "Unlock everything AACOS can do" })).toBeVisible();
    fireEvent.keyDown(document, { key: "Escape" });
    act(() => {
      dispatchUpgradePrompt({ kind: "tooltip", tier: "quantum", reason: "x", message: "Tip" });
    });
    expect(screen.getByRole("tooltip")).toHaveTextContent("Tip");

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
      "ניצלתם את הקריאות של הדקה הזו בתוכנית שלכם. נסו שוב בעוד 42 שניות.",
    );
  });
});
