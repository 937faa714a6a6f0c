// Community events: admins create them, users join once, each participant's score is the experience the ledger shows
// during the event, and the rewards for places 1–3 are paid once when it ends (by the hourly job).
import {
  type CreateEventBody,
  EVENT_MESSAGES,
  type EventReward,
  eventStatus,
  placesFor,
} from "@aacos/domain/progression";
import type { CommunityEventView as CommunityEventReply } from "@aacos/domain/replies";
import { and, asc, desc, eq, gte, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  badges,
  communityEvents,
  eventParticipants,
  progress,
  progressLedger,
  users,
} from "../../db/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import { type ProgressSignal, type ProgressSignals, progressIn, type Tx } from "./ledger.js";

/** The newest events GET /api/events lists. */
const LISTED_EVENTS = 50;

export type CommunityEventView = CommunityEventReply;

type EventRow = typeof communityEvents.$inferSelect;

function rewardsOf(value: unknown): EventReward[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is EventReward =>
      typeof item === "object" &&
      item !== null &&
      [1, 2, 3].includes((item as EventReward).place) &&
      typeof (item as EventReward).tokens === "number",
  );
}

/** Each participant's experience earned during the event (event rewards themselves excluded). */
async function standingsOf(db: Db | Tx, event: EventRow) {
  const rows = await db
    .select({
      userId: eventParticipants.userId,
      username: users.username,
      joinedAt: eventParticipants.joinedAt,
      place: eventParticipants.place,
      score: sql<number>`coalesce(sum(${progressLedger.xp}), 0)::int`,
    })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .leftJoin(
      progressLedger,
      and(
        eq(progressLedger.userId, eventParticipants.userId),
        gte(progressLedger.createdAt, event.startsAt),
        lt(progressLedger.createdAt, event.endsAt),
        ne(progressLedger.source, "event"),
      ),
    )
    .where(eq(eventParticipants.eventId, event.id))
    .groupBy(
      eventParticipants.userId,
      users.username,
      eventParticipants.joinedAt,
      eventParticipants.place,
    );
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}

export function createEventService(deps: {
  db: Db;
  clock: () => Date;
  signals: ProgressSignals;
  /** Reports the join as an action, so the join_event quest completes. */
  onJoined: (userId: string, eventId: string) => Promise<unknown>;
}) {
  const { db, clock } = deps;

  async function view(event: EventRow, userId: string): Promise<CommunityEventView> {
    const standings = await standingsOf(db, event);
    const settled = event.settledAt !== null;
    const places = settled
      ? standings
          .filter((row) => row.place !== null)
          .map((row) => ({ userId: row.userId, score: row.score, place: row.place ?? 0 }))
          .sort((a, b) => a.place - b.place)
      : placesFor(standings);
    const names = new Map(standings.map((row) => [row.userId, row.username]));
    const mine = standings.find((row) => row.userId === userId);
    const myPlace = places.find((row) => row.userId === userId)?.place ?? null;
    return {
      id: event.id,
      name: event.name,
      description: event.description,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      rewards: rewardsOf(event.rewards),
      status: eventStatus(event, clock()),
      participants: standings.length,
      joined: mine !== undefined,
      settledAt: event.settledAt?.toISOString() ?? null,
      leaders: places.map((row) => ({ ...row, username: names.get(row.userId) ?? "" })),
      me: mine === undefined ? null : { score: mine.score, place: myPlace },
    };
  }

  async function find(eventId: string): Promise<EventRow> {
    const [event] = await db.select().from(communityEvents).where(eq(communityEvents.id, eventId));
    if (event === undefined) throw notFound("event", EVENT_MESSAGES.notFound);
    return event;
  }

  /** Pays one ended event in one transaction: the settledAt claim, the places, tokens, badges and features. */
  async function settle(eventId: string): Promise<boolean> {
    const now = clock();
    const signals: ProgressSignal[] = [];
    const paid = await db.transaction(async (tx) => {
      // The claim: a second instance settling the same event at the same time finds nothing to claim.
      const [event] = await tx
        .update(communityEvents)
        .set({ settledAt: now })
        .where(and(eq(communityEvents.id, eventId), isNull(communityEvents.settledAt)))
        .returning();
      if (event === undefined) return false;
      const rewards = rewardsOf(event.rewards);
      const winners = placesFor(await standingsOf(tx, event));
      // Locks taken in one order, so two settlements sharing winners cannot deadlock.
      for (const winner of [...winners].sort((a, b) => a.userId.localeCompare(b.userId))) {
        const reward = rewards.find((candidate) => candidate.place === winner.place);
        await tx
          .update(eventParticipants)
          .set({ place: winner.place })
          .where(
            and(
              eq(eventParticipants.eventId, eventId),
              eq(eventParticipants.userId, winner.userId),
            ),
          );
        if (reward === undefined) continue;
        await progressIn(tx, winner.userId, now, signals, async (context) => {
          const credited = await context.credit({
            xp: 0,
            tokens: reward.tokens,
            reason: `${event.name}: place ${winner.place}`,
            source: "event",
            sourceKey: `event:${eventId}`,
          });
          if (!credited) return;
          if (reward.badge !== null) {
            await context.tx
              .insert(badges)
              .values({ userId: winner.userId, badge: reward.badge, awardedAt: now })
              .onConflictDoNothing();
          }
          if (reward.feature !== null) {
            const current = context.row.customizations;
            const base =
              typeof current === "object" && current !== null && !Array.isArray(current)
                ? (current as Record<string, unknown>)
                : {};
            const unlocked = Array.isArray(base.unlockedFeatures) ? base.unlockedFeatures : [];
            if (!unlocked.includes(reward.feature)) {
              await context.tx
                .update(progress)
                .set({
                  customizations: { ...base, unlockedFeatures: [...unlocked, reward.feature] },
                })
                .where(eq(progress.userId, winner.userId));
            }
          }
          context.signals.push({
            type: "event_reward",
            userId: winner.userId,
            eventId,
            place: winner.place,
            tokens: reward.tokens,
          });
        });
      }
      return true;
    });
    for (const signal of signals) deps.signals.publish(signal);
    return paid;
  }

  return {
    async list(userId: string): Promise<{ items: CommunityEventView[] }> {
      const rows = await db
        .select()
        .from(communityEvents)
        .orderBy(desc(communityEvents.startsAt))
        .limit(LISTED_EVENTS);
      return { items: await Promise.all(rows.map((row) => view(row, userId))) };
    },

    async create(body: CreateEventBody, actorId: string): Promise<CommunityEventView> {
      const [row] = await db
        .insert(communityEvents)
        .values({
          name: body.name,
          description: body.description,
          startsAt: new Date(body.startsAt),
          endsAt: new Date(body.endsAt),
          rewards: [...body.rewards].sort((a, b) => a.place - b.place),
          createdBy: actorId,
          createdAt: clock(),
        })
        .returning();
      if (row === undefined) throw new Error("event insert returned nothing");
      return view(row, actorId);
    },

    /** Joins once; an ended event cannot be joined. */
    async join(userId: string, eventId: string): Promise<CommunityEventView> {
      const event = await find(eventId);
      if (eventStatus(event, clock()) === "ended")
        throw conflict("event_ended", EVENT_MESSAGES.ended);
      const inserted = await db
        .insert(eventParticipants)
        .values({ eventId, userId, joinedAt: clock() })
        .onConflictDoNothing()
        .returning({ userId: eventParticipants.userId });
      if (inserted.length === 0) throw conflict("event_joined", EVENT_MESSAGES.alreadyJoined);
      await deps.onJoined(userId, eventId);
      return view(event, userId);
    },

    /** Settles every event that has ended and is not settled yet; returns how many this call settled. */
    async settleEnded(): Promise<number> {
      const due = await db
        .select({ id: communityEvents.id })
        .from(communityEvents)
        .where(and(lte(communityEvents.endsAt, clock()), isNull(communityEvents.settledAt)))
        .orderBy(asc(communityEvents.endsAt));
      let settled = 0;
      for (const { id } of due) if (await settle(id)) settled += 1;
      return settled;
    },
  };
}
export type EventService = ReturnType<typeof createEventService>;
