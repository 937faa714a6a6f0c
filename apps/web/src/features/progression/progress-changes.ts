// What changed between two reads of GET /api/progress/me, as toasts: XP gained, a new rank, milestones reached and
// a daily bonus paid (pure; the bonus is recognised by the domain's dailyBonusFor on a newly counted day).
import { dailyBonusFor, type Rank } from "@aacos/domain/progression";
import type { ProgressRecord } from "../../lib/progress-query";

export type ProgressChange =
  | { kind: "xp"; xp: number }
  | { kind: "rank"; rank: Rank }
  | { kind: "milestone"; threshold: number }
  | { kind: "bonus"; tokens: number };

export function progressChanges(previous: ProgressRecord, next: ProgressRecord): ProgressChange[] {
  if (previous.userId !== next.userId) return [];
  const changes: ProgressChange[] = [];
  const gained = next.experience - previous.experience;
  if (gained > 0) changes.push({ kind: "xp", xp: gained });
  if (next.rank !== previous.rank && next.experience > previous.experience) {
    changes.push({ kind: "rank", rank: next.rank });
  }
  for (const threshold of next.achievedMilestones) {
    if (!previous.achievedMilestones.includes(threshold)) {
      changes.push({ kind: "milestone", threshold });
    }
  }
  const newDay = next.lastLoginDate !== null && next.lastLoginDate !== previous.lastLoginDate;
  const bonus = newDay ? dailyBonusFor(next.consecutiveLogins, next.currentWorld) : null;
  if (bonus !== null) changes.push({ kind: "bonus", tokens: bonus.tokens });
  return changes;
}
