// Replies of the command centre's commands: the history of multi-entity commands with each entity's run, and a stop.
import { z } from "zod";
import { ANSWER_STATUSES } from "../chat/requests.js";
import { pageOf, runOutcome, Timestamp, tokenUse } from "../replies/common.js";

export const CommandRun = z.object({
  id: z.string(),
  entityId: z.string().nullable(),
  status: z.enum([...ANSWER_STATUSES, "running"]),
  ...runOutcome,
});
export type CommandRun = z.input<typeof CommandRun>;

export const CommandRecord = z.object({
  commandId: z.string(),
  prompt: z.string(),
  /** complete, stopped or failed when every run ended alike; partial otherwise; running while any runs. */
  status: z.enum([...ANSWER_STATUSES, "partial", "running"]),
  entityIds: z.array(z.string()),
  ...tokenUse,
  /** Wall time: the runs go in parallel, so the longest one. */
  durationMs: z.number(),
  createdAt: Timestamp,
  runs: z.array(CommandRun),
});
export type CommandRecord = z.input<typeof CommandRecord>;

export const CommandHistory = pageOf(CommandRecord);
export type CommandHistory = z.input<typeof CommandHistory>;
