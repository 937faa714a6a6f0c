// Toasts when a new read of GET /api/progress/me (after the user's own action) shows XP, a new rank, a milestone
// or a daily bonus; the first read only sets the baseline. Served by a real local HTTP server.
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { type ProgressRecord, progressKeys, progressQuery } from "../../lib/progress-query";
import { startTestApi, type TestApi } from "../../test-api-server";
import { renderAt, testQueryClient } from "../../test-utils";
import { progressChanges } from "./progress-changes";
import { ProgressToasts } from "./progress-toasts";

function record(extra: Partial<ProgressRecord> = {}): ProgressRecord {
  return {
    userId: "u1",
    currentWorld: "genesis",
    rank: "novice",
    experience: 985,
    level: 1,
    tokens: 110,
    consecutiveLogins: 1,
    lastLogin: null,
    lastLoginDate: "2026-01-01",
    achievedMilestones: [100, 500],
    completedQuests: [],
    badges: [],
    customizations: {},
    nextRank: { rank: "explorer", from: 1000 },
    ...extra,
  };
}

describe("ProgressToasts", () => {
  let api: TestApi;
  let current = record();
  beforeEach(async () => {
    applyLanguage("en");
    current = record();
    api = await startTestApi({ "GET /api/progress/me": () => ({ status: 200, body: current }) });
  });
  afterEach(async () => {
    await api.close();
    applyLanguage("he");
  });

  it("announces XP, the new rank and the milestone after an action, and nothing for the first read", async () => {
    const client = testQueryClient();
    renderAt("/", { "/": <ProgressToasts /> }, client);
    await act(() => client.fetchQuery(progressQuery));
    expect(screen.queryByTestId("toast-xp")).not.toBeInTheDocument();

    current = record({
      experience: 1000,
      rank: "explorer",
      level: 2,
      achievedMilestones: [100, 500, 1000],
    });
    // What an action does: invalidate the record, which reads it again.
    await act(() => client.invalidateQueries({ queryKey: progressKeys.me, refetchType: "all" }));

    expect(await screen.findByTestId("toast-xp")).toHaveTextContent("+15 XP");
    expect(screen.getByTestId("toast-rank")).toHaveTextContent("New rank: Explorer");
    expect(screen.getByTestId("toast-milestone")).toHaveTextContent("Milestone reached: 1,000 XP");
    expect(screen.getByRole("status")).toContainElement(screen.getByTestId("toast-rank"));
    expect(api.count("GET /api/progress/me")).toBe(2);
  });

  it("shows the rank in Hebrew", async () => {
    applyLanguage("he");
    const client = testQueryClient();
    renderAt("/", { "/": <ProgressToasts /> }, client);
    await act(() => client.fetchQuery(progressQuery));
    current = record({ experience: 5000, rank: "pioneer" });
    await act(() => client.fetchQuery({ ...progressQuery, staleTime: 0 }));
    expect(await screen.findByTestId("toast-rank")).toHaveTextContent("דרגה חדשה: חלוץ");
  });
});

describe("progressChanges", () => {
  it("finds the daily bonus on a newly counted bonus day", () => {
    const before = record({ consecutiveLogins: 6, lastLoginDate: "2026-01-06" });
    const after = record({
      consecutiveLogins: 7,
      lastLoginDate: "2026-01-07",
      currentWorld: "awakening",
      experience: 1260,
    });
    expect(progressChanges({ ...before, currentWorld: "awakening" }, after)).toContainEqual({
      kind: "bonus",
      tokens: 100,
    });
    // Genesis unlocks only the day-1 bonus.
    expect(progressChanges(before, { ...after, currentWorld: "genesis" })).not.toContainEqual(
      expect.objectContaining({ kind: "bonus" }),
    );
    expect(progressChanges(record(), record())).toEqual([]);
  });
});
