// Request schemas of the progression API (docs/product.md §7): ledger paging, leaderboard, quests and events.

import { z } from "zod";
import { WORLD_NAMES } from "../catalog/types.js";
import { fieldIssue } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";
import { pageFields, requiredText, Uuid } from "../validation/rules.js";
import { EVENT_PLACES } from "./events.js";

export const LedgerQuery = z.object(pageFields);
export type LedgerQuery = z.infer<typeof LedgerQuery>;

export const LeaderboardQuery = z.object({
  world: z.enum(WORLD_NAMES, { error: MESSAGES.invalidFormat }).optional(),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const QuestIdParams = z.object({ id: z.string().min(1).max(64) });
export type QuestIdParams = z.infer<typeof QuestIdParams>;

export const EventIdParams = z.object({ id: Uuid });
export type EventIdParams = z.infer<typeof EventIdParams>;

const EventRewardBody = z.object({
  place: z.union(EVENT_PLACES.map((place) => z.literal(place))),
  tokens: z.number().int().min(0).max(1_000_000),
  badge: z.string().trim().min(1).max(64).nullable().default(null),
  feature: z.string().trim().min(1).max(64).nullable().default(null),
});

export const CreateEventBody = z
  .object({
    name: requiredText(120),
    description: requiredText(2000),
    startsAt: z.iso.datetime({ offset: true, error: MESSAGES.invalidFormat }),
    endsAt: z.iso.datetime({ offset: true, error: MESSAGES.invalidFormat }),
    rewards: z.array(EventRewardBody).min(1, MESSAGES.required).max(EVENT_PLACES.length),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    path: ["endsAt"],
    ...fieldIssue("The end must come after the start", "end_before_start"),
  })
  .refine(
    (body) => new Set(body.rewards.map((reward) => reward.place)).size === body.rewards.length,
    {
      path: ["rewards"],
      ...fieldIssue("Each place has one reward", "duplicate"),
    },
  );
export type CreateEventBody = z.infer<typeof CreateEventBody>;
