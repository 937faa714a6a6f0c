// How a recorded run's outcome reads in replies: the command centre's answers and the background runs (jobs) show
// the same fields of the same `runs` row.
import { storedErrorOf } from "@aacos/domain/errors";
import type { runs } from "../../db/schema.js";

/** Output, error (as text and as a code, docs/decisions/300), tokens and times of a recorded run. */
export function runOutcomeView(row: typeof runs.$inferSelect) {
  return {
    output: row.output,
    error: row.error,
    errorCode: storedErrorOf(row.errorCode, row.errorParams),
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
