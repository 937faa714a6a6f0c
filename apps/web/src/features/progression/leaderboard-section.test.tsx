// The leaderboard highlights the user's own row, and adds a "You: #N" row when they are outside the top 100.
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { renderAt } from "../../test-utils";
import type { Leaderboard, LeaderboardEntry } from "./api";
import { LeaderboardTable } from "./leaderboard-section";

function entries(count: number): LeaderboardEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    userId: `u${index + 1}`,
    username: `player${index + 1}`,
    experience: 10_000 - index * 10,
    rank: "pioneer",
    position: index + 1,
  }));
}

describe("LeaderboardTable", () => {
  beforeEach(() => applyLanguage("en"));
  afterEach(() => applyLanguage("he"));

  it("highlights my row inside the top 100", () => {
    const board: Leaderboard = { entries: entries(5), me: { position: 3, experience: 9980 } };
    renderAt("/", { "/": <LeaderboardTable board={board} userId="u3" /> });
    const mine = screen.getByTestId("leaderboard-row-me");
    expect(mine).toHaveAttribute("aria-current", "true");
    expect(mine).toHaveTextContent("#3");
    expect(mine).toHaveTextContent("player3");
    expect(mine).toHaveTextContent("(you)");
    expect(mine).toHaveTextContent("Pioneer");
    expect(screen.getAllByTestId("leaderboard-row")).toHaveLength(4);
    expect(screen.queryByTestId("leaderboard-me-outside")).not.toBeInTheDocument();
  });

  it("shows my own row below the top 100 when I am outside it", () => {
    const board: Leaderboard = { entries: entries(100), me: { position: 142, experience: 12 } };
    renderAt("/", { "/": <LeaderboardTable board={board} userId="me" /> });
    expect(screen.getAllByTestId("leaderboard-row")).toHaveLength(100);
    expect(screen.queryByTestId("leaderboard-row-me")).not.toBeInTheDocument();
    const outside = screen.getByTestId("leaderboard-me-outside");
    expect(outside).toHaveTextContent("You: #142");
    expect(outside).toHaveTextContent("12");
  });

  it("says so when the board is empty", () => {
    renderAt("/", {
      "/": (
        <LeaderboardTable
          board={{ entries: [], me: { position: null, experience: 0 } }}
          userId="me"
        />
      ),
    });
    expect(screen.getByTestId("leaderboard-empty")).toBeVisible();
  });
});
