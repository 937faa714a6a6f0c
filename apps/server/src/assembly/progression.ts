// Progression: XP, quests and the leaderboard with its index, which the other groups credit.
import {
  createMemoryBoardStore,
  createProgressionService,
  createRedisBoardStore,
  type ProgressionService,
} from "../features/progression/index.js";
import { progressSignals } from "../features/signals/index.js";
import type { Core } from "./core.js";

export function createProgression(core: Core): ProgressionService {
  const { app, deps, db, clock, prefix, signals } = core;
  // The leaderboard's index (docs/decisions/220-leaderboard-index.md): Redis when set, shared by every instance;
  // in process on PGlite (one process per DATA_DIR); none on PostgreSQL alone, whose instances share only SQL.
  const board =
    deps.redis !== null
      ? createRedisBoardStore(db, deps.redis, `aacos:${prefix}`)
      : deps.database.kind === "pglite"
        ? createMemoryBoardStore(db)
        : undefined;
  const progression = createProgressionService({
    db,
    clock,
    signals: progressSignals(signals),
    log: app.log,
    ...(board === undefined ? {} : { board }),
    apiCallFlushMs: deps.config.apiXpFlushMs,
    ...(deps.every === undefined ? {} : { every: deps.every }),
  });
  // Filled in the background; the leaderboard reads SQL until it is. With `startupWorkDelayMs` (main.ts) the fill
  // starts after the first requests, not queued ahead of them (docs/decisions/350-restart-loads-less.md).
  let fillBoard: NodeJS.Timeout | null = null;
  if (deps.startupWorkDelayMs === undefined) void progression.leaderboard.rebuild();
  else {
    fillBoard = setTimeout(() => void progression.leaderboard.rebuild(), deps.startupWorkDelayMs);
    fillBoard.unref();
  }
  app.addHook("onClose", async () => {
    if (fillBoard !== null) clearTimeout(fillBoard);
    progression.leaderboard.stop();
  });
  return progression;
}
