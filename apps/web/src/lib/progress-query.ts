// The signed-in user's progress record (GET /api/progress/me, a metered call: read once per visit, refreshed after the
// user's own actions) and the panel's numbers derived from it through the domain's progression rules.
import type { WorldName } from "@aacos/domain/catalog";
import {
  experienceBarPercent,
  levelForExperience,
  nextRank,
  type Rank,
  rankForExperience,
  XP_PER_LEVEL,
} from "@aacos/domain/progression";
import type { ProgressRecord } from "@aacos/domain/replies";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";

export type { ProgressRecord };

/** Everything of the game layer lives under "progress", so a plan change can refresh it all at once. */
export const progressKeys = {
  all: ["progress"] as const,
  me: ["progress", "me"] as const,
  ledger: ["progress", "ledger"] as const,
  quests: ["progress", "quests"] as const,
  events: ["progress", "events"] as const,
  leaderboard: (world: WorldName | "all") => ["progress", "leaderboard", world] as const,
};

/** Metered calls: fresh for a minute, so moving between /tiers and /progress does not call again. */
export const PROGRESS_STALE_MS = 60_000;

export const progressQuery = queryOptions({
  queryKey: progressKeys.me,
  queryFn: ({ signal }) => apiGet<ProgressRecord>("/progress/me", signal),
  staleTime: PROGRESS_STALE_MS,
});

export function useProgress(enabled = true) {
  return useQuery({ ...progressQuery, enabled });
}

/** What the progress panel shows, derived from experience by the domain rules (never re-implemented here). */
export interface ProgressFigures {
  rank: Rank;
  level: number;
  experience: number;
  tokens: number;
  streak: number;
  /** Experience mod 1000, as a percentage (docs/product.md §2). */
  barPercent: number;
  /** XP into the current level (0..999). */
  intoLevel: number;
  next: { rank: Rank; from: number; missing: number } | null;
}

export function progressFigures(
  record: Pick<ProgressRecord, "experience" | "tokens" | "consecutiveLogins">,
): ProgressFigures {
  const experience = Math.max(0, record.experience);
  const next = nextRank(experience);
  return {
    rank: rankForExperience(experience),
    level: levelForExperience(experience),
    experience,
    tokens: record.tokens,
    streak: record.consecutiveLogins,
    barPercent: experienceBarPercent(experience),
    intoLevel: experience % XP_PER_LEVEL,
    next: next === null ? null : { ...next, missing: next.from - experience },
  };
}
