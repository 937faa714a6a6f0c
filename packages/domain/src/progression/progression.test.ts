// Pins the progression numbers of docs/product.md §4 and §9 and docs/product.md §4.
import { describe, expect, it } from "vitest";
import {
  ACTION_XP,
  CreateEventBody,
  calendarDate,
  DAILY_BONUSES,
  dailyBonusFor,
  eventStatus,
  experienceBarPercent,
  experienceGained,
  LEADERBOARD_SIZE,
  LedgerQuery,
  levelForExperience,
  milestonesDue,
  nextRank,
  nextStreak,
  placesFor,
  QUESTS,
  questById,
  questCompletedBy,
  questSlots,
  rankForExperience,
  SAMPLE_QUESTS,
  STARTING_TOKENS,
  signInDay,
  tierMeets,
  worldUpgradeBonus,
} from "./index.js";

describe("ranks", () => {
  it("change at the spec's thresholds", () => {
    const cases: [number, string][] = [
      [0, "novice"],
      [999, "novice"],
      [1000, "explorer"],
      [4999, "explorer"],
      [5000, "pioneer"],
      [15000, "architect"],
      [50000, "creator"],
      [150000, "master"],
      [499999, "master"],
      [500000, "transcendent"],
    ];
    for (const [xp, rank] of cases) expect(rankForExperience(xp)).toBe(rank);
  });
});

describe("levels and the XP bar", () => {
  it("level up every 1000 experience", () => {
    expect(levelForExperience(0)).toBe(1);
    expect(levelForExperience(999)).toBe(1);
    expect(levelForExperience(1000)).toBe(2);
    expect(levelForExperience(12345)).toBe(13);
  });

  it("show experience modulo 1000 as a percentage", () => {
    expect(experienceBarPercent(0)).toBe(0);
    expect(experienceBarPercent(250)).toBe(25);
    expect(experienceBarPercent(1999)).toBeCloseTo(99.9);
    expect(experienceBarPercent(3000)).toBe(0);
  });
});

describe("experience", () => {
  it("multiplies the action value by the world multiplier", () => {
    expect(experienceGained(10, "genesis")).toBe(10);
    expect(experienceGained(10, "awakening")).toBe(15);
    expect(experienceGained(10, "quantum")).toBe(20);
    expect(experienceGained(10, "cosmic")).toBe(30);
    expect(experienceGained(10, "infinity")).toBe(50);
  });

  it("has the action values and daily caps of docs/product.md §4", () => {
    // As product.md words it: each action, its value and its daily cap (null: none).
    expect(
      Object.entries(ACTION_XP).map(([action, { xp, dailyCap }]) => [action, xp, dailyCap]),
    ).toEqual([
      ["dailySignIn", 10, 1],
      ["apiCall", 1, 100],
      ["universeCreated", 50, null],
      ["entityCreated", 25, null],
      ["chatMessage", 2, 200],
      ["commandRun", 5, null],
      ["knowledgeFileAdded", 20, null],
    ]);
    expect(STARTING_TOKENS).toBe(100);
    expect(LEADERBOARD_SIZE).toBe(100);
  });

  it("awards each milestone once", () => {
    expect(milestonesDue(99, [])).toEqual([]);
    expect(milestonesDue(600, [])).toEqual([100, 500]);
    expect(milestonesDue(1200, [100, 500])).toEqual([1000]);
    expect(milestonesDue(5000, [100, 500, 1000])).toEqual([]);
  });
});

describe("daily bonuses and streaks", () => {
  it("pay on days 1, 7 and 30 as the world unlocks them", () => {
    expect(DAILY_BONUSES.map((b) => [b.day, b.tokens, b.xp])).toEqual([
      [1, 10, 50],
      [7, 100, 250],
      [30, 500, 1000],
    ]);
    expect(dailyBonusFor(1, "genesis")?.tokens).toBe(10);
    expect(dailyBonusFor(7, "genesis")).toBeNull();
    expect(dailyBonusFor(7, "awakening")?.tokens).toBe(100);
    expect(dailyBonusFor(30, "awakening")).toBeNull();
    expect(dailyBonusFor(30, "quantum")?.xp).toBe(1000);
    expect(dailyBonusFor(2, "infinity")).toBeNull();
  });

  it("count a new day by the calendar date in the user's time zone", () => {
    const lateEvening = new Date("2026-03-01T22:30:00Z");
    expect(calendarDate(lateEvening, "UTC")).toBe("2026-03-01");
    expect(calendarDate(lateEvening, "Asia/Jerusalem")).toBe("2026-03-02");
  });

  it("grow on consecutive days and restart after a gap", () => {
    expect(nextStreak(null, "2026-03-01", 0)).toBe(1);
    expect(nextStreak("2026-03-01", "2026-03-01", 4)).toBe(4);
    expect(nextStreak("2026-02-28", "2026-03-01", 4)).toBe(5);
    expect(nextStreak("2026-02-27", "2026-03-01", 4)).toBe(1);
  });
});

describe("worlds and quests", () => {
  it("pay 250 tokens per level climbed", () => {
    expect(worldUpgradeBonus("genesis", "quantum")).toBe(500);
    expect(worldUpgradeBonus("cosmic", "awakening")).toBe(0);
  });

  it("list the sample quests with their rewards", () => {
    expect(
      SAMPLE_QUESTS.map((q) => [
        q.id,
        q.category,
        q.difficulty,
        q.xpReward,
        q.tokenReward,
        q.requiredTier,
      ]),
    ).toEqual([
      ["first_api_call", "onboarding", "easy", 50, 10, "genesis"],
      ["create_universe", "creation", "easy", 100, 25, "genesis"],
      ["train_model", "ai", "medium", 300, 75, "quantum"],
      ["community_helper", "community", "hard", 500, 150, "genesis"],
    ]);
    expect(questSlots("cosmic")).toBe(10);
    expect(questSlots("infinity")).toBeNull();
  });
});

describe("sign-in days", () => {
  it("count a new day only when the calendar date moves forward", () => {
    expect(signInDay(null, "2025-03-01", 0)).toEqual({ newDay: true, streak: 1 });
    expect(signInDay("2025-03-01", "2025-03-02", 1)).toEqual({ newDay: true, streak: 2 });
    expect(signInDay("2025-03-02", "2025-03-02", 2)).toEqual({ newDay: false, streak: 2 });
    // Moved to a zone behind: yesterday's date there is not a new day.
    expect(signInDay("2025-03-02", "2025-03-01", 2)).toEqual({ newDay: false, streak: 2 });
    // A missed day starts over.
    expect(signInDay("2025-03-02", "2025-03-04", 2)).toEqual({ newDay: true, streak: 1 });
    // Across a month end and the spring clock change.
    expect(signInDay("2025-03-31", "2025-04-01", 5)).toEqual({ newDay: true, streak: 6 });
    expect(signInDay("2025-03-29", "2025-03-30", 5)).toEqual({ newDay: true, streak: 6 });
  });

  it("name the next rank to reach", () => {
    expect(nextRank(0)).toEqual({ rank: "explorer", from: 1000 });
    expect(nextRank(4999)).toEqual({ rank: "pioneer", from: 5000 });
    expect(nextRank(500000)).toBeNull();
  });
});

describe("the quest catalogue", () => {
  it("holds the four samples and at least eight more, with unique ids and reachable goals", () => {
    expect(QUESTS.slice(0, 4).map((quest) => quest.id)).toEqual(SAMPLE_QUESTS.map((q) => q.id));
    expect(QUESTS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(QUESTS.map((quest) => quest.id)).size).toBe(QUESTS.length);
    for (const quest of QUESTS) {
      expect(quest.xpReward).toBeGreaterThan(0);
      if (quest.goal.kind === "action") expect(quest.goal.count).toBeGreaterThanOrEqual(1);
    }
    expect(questById("train_model")?.goal).toEqual({
      kind: "action",
      action: "knowledgeFileAdded",
      count: 1,
    });
  });

  it("is completed by the server-observed action, or by the streak", () => {
    const apiCall = questById("first_api_call");
    const streak = questById("week_streak");
    if (apiCall === undefined || streak === undefined) throw new Error("catalogue");
    const seen = { action: "apiCall" as const, actionsSinceStart: 1, streak: 1 };
    expect(questCompletedBy(apiCall.goal, seen)).toBe(true);
    expect(questCompletedBy(apiCall.goal, { ...seen, action: "chatMessage" })).toBe(false);
    expect(questCompletedBy(streak.goal, { ...seen, streak: 6 })).toBe(false);
    expect(questCompletedBy(streak.goal, { ...seen, streak: 7 })).toBe(true);
  });

  it("honours requiredTier by subscription tier order", () => {
    expect(tierMeets("genesis", "quantum")).toBe(false);
    expect(tierMeets("quantum", "quantum")).toBe(true);
    expect(tierMeets("infinity", "quantum")).toBe(true);
  });
});

describe("community events", () => {
  const at = (iso: string) => new Date(iso);
  it("are upcoming, running, then ended", () => {
    const event = { startsAt: at("2025-03-01T00:00:00Z"), endsAt: at("2025-03-08T00:00:00Z") };
    expect(eventStatus(event, at("2025-02-28T23:59:59Z"))).toBe("upcoming");
    expect(eventStatus(event, at("2025-03-01T00:00:00Z"))).toBe("running");
    expect(eventStatus(event, at("2025-03-08T00:00:00Z"))).toBe("ended");
  });

  it("give places 1–3 to the highest scores, ties to the earlier joiner, nothing for no score", () => {
    const joined = at("2025-03-01T00:00:00Z");
    const later = at("2025-03-02T00:00:00Z");
    expect(
      placesFor([
        { userId: "a", score: 10, joinedAt: later },
        { userId: "b", score: 30, joinedAt: later },
        { userId: "c", score: 10, joinedAt: joined },
        { userId: "d", score: 5, joinedAt: joined },
        { userId: "e", score: 0, joinedAt: joined },
      ]),
    ).toEqual([
      { userId: "b", score: 30, place: 1 },
      { userId: "c", score: 10, place: 2 },
      { userId: "a", score: 10, place: 3 },
    ]);
    expect(placesFor([{ userId: "e", score: 0, joinedAt: joined }])).toEqual([]);
  });
});

describe("request schemas", () => {
  it("check event creation", () => {
    const good = {
      name: "Spring sprint",
      description: "Most XP in a week",
      startsAt: "2025-03-01T00:00:00Z",
      endsAt: "2025-03-08T00:00:00Z",
      rewards: [{ place: 1, tokens: 500, badge: "spring-champion" }],
    };
    expect(CreateEventBody.parse(good).rewards[0]).toEqual({
      place: 1,
      tokens: 500,
      badge: "spring-champion",
      feature: null,
    });
    expect(CreateEventBody.safeParse({ ...good, endsAt: good.startsAt }).success).toBe(false);
    expect(
      CreateEventBody.safeParse({ ...good, rewards: [good.rewards[0], good.rewards[0]] }).success,
    ).toBe(false);
    expect(CreateEventBody.safeParse({ ...good, rewards: [{ place: 4, tokens: 1 }] }).success).toBe(
      false,
    );
    expect(LedgerQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(LedgerQuery.safeParse({ pageSize: "500" }).success).toBe(false);
  });
});
