// Community events (docs/product.md §3): rewards for places 1–3, the event's state at a moment, and who takes which place.

export const EVENT_PLACES = [1, 2, 3] as const;
export type EventPlace = (typeof EVENT_PLACES)[number];

/** One place's reward: tokens through the ledger, an optional badge and an optional unlocked feature. */
export interface EventReward {
  place: EventPlace;
  tokens: number;
  badge: string | null;
  feature: string | null;
}

export const COMMUNITY_EVENT_STATUSES = ["upcoming", "running", "ended"] as const;
export type CommunityEventStatus = (typeof COMMUNITY_EVENT_STATUSES)[number];

export function eventStatus(
  event: { startsAt: Date; endsAt: Date },
  now: Date,
): CommunityEventStatus {
  if (now < event.startsAt) return "upcoming";
  return now < event.endsAt ? "running" : "ended";
}

export interface EventStanding {
  userId: string;
  /** Experience earned between the event's start and end. */
  score: number;
  joinedAt: Date;
}

/**
 * Places 1–3 go to the highest scores; a tie goes to whoever joined first. Nobody wins a place without earning
 * anything during the event.
 */
export function placesFor(
  standings: readonly EventStanding[],
): { userId: string; score: number; place: EventPlace }[] {
  return [...standings]
    .filter((standing) => standing.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.joinedAt.getTime() - b.joinedAt.getTime() ||
        a.userId.localeCompare(b.userId),
    )
    .slice(0, EVENT_PLACES.length)
    .map((standing, index) => ({
      userId: standing.userId,
      score: standing.score,
      place: EVENT_PLACES[index] ?? 3,
    }));
}

/** The community-event API's refusals. */
export const EVENT_MESSAGES = {
  notFound: "No such event",
  alreadyJoined: "You have already joined this event",
  ended: "This event has ended",
} as const;
