// Background runs (the job runner): request bodies, statuses, and how a batch runs on a plan — in parallel with
// quantum processing, one after another without it (docs/decisions/091-jobs-versus-requests.md).

import { z } from "zod";
import type { TierName } from "../catalog/index.js";
import { tierHasFeature } from "../catalog/index.js";
import { entityIdList, listLimit, requiredText, Uuid } from "../validation/rules.js";

/** How many entities one batch may address. */
export const MAX_BATCH_ENTITIES = 20;

/** A background run's life: queued → running → complete, failed or stopped (cancelled). */
export const BACKGROUND_RUN_STATUSES = [
  "queued",
  "running",
  "complete",
  "failed",
  "stopped",
] as const;
export type BackgroundRunStatus = (typeof BACKGROUND_RUN_STATUSES)[number];

/** Statuses after which a run changes no more. */
export const FINISHED_RUN_STATUSES: readonly string[] = [
  "complete",
  "succeeded",
  "failed",
  "stopped",
];

export const EntityRunBody = z.object({ prompt: requiredText() });
export type EntityRunBody = z.infer<typeof EntityRunBody>;

export const BatchRunBody = z.object({
  entityIds: entityIdList(MAX_BATCH_ENTITIES, `At most ${MAX_BATCH_ENTITIES} entities per batch`),
  prompt: requiredText(),
});
export type BatchRunBody = z.infer<typeof BatchRunBody>;

export const RunParams = z.object({ id: Uuid });
export type RunParams = z.infer<typeof RunParams>;

export type BatchMode = "parallel" | "sequential";

/** Quantum processing fans a batch out as parallel jobs; other plans run its entities one after another. */
export function batchModeFor(tier: TierName): BatchMode {
  return tierHasFeature(tier, "quantumProcessing") ? "parallel" : "sequential";
}

export const JOB_MESSAGES = {
  notCancellable: "This run has already finished",
  cancelled: "Cancelled before it finished",
} as const;

/** GET /api/admin/jobs/dead-letters: the newest first, up to `limit`. */
export const DeadLetterListQuery = z.object({
  limit: listLimit(500, 100),
});
export type DeadLetterListQuery = z.infer<typeof DeadLetterListQuery>;

export const DeadLetterParams = z.object({ id: Uuid });
export type DeadLetterParams = z.infer<typeof DeadLetterParams>;

// The dead letters' reply (replies/jobs.ts).
export type { DeadLetterView } from "./replies.js";
