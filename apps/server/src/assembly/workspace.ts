// The workspace: uploaded files, universes and entities with their knowledge, and the AI that answers for them.
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { ANSWER_LEASE_MS, createAiService, providerFromConfig } from "../features/ai/index.js";
import { createFileService, createLocalStorage, LEFTOVER_AGE_MS } from "../features/files/index.js";
import { guardDirectory } from "../features/orchestration/index.js";
import type { ProgressionService } from "../features/progression/index.js";
import { createWorkspaceService } from "../features/workspace/index.js";
import type { Core } from "./core.js";
import type { Services } from "./services.js";

export type WorkspaceServices = Pick<Services, "files" | "workspace" | "ai">;

/** Runs `task` now and every `ms` until the app closes; a failure is logged (`failed`) and the next round tries again. */
function repeat(app: FastifyInstance, ms: number, failed: string, task: () => Promise<unknown>) {
  const run = () => void task().catch((error: unknown) => app.log.warn({ err: error }, failed));
  run();
  const timer = setInterval(run, ms);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

export async function createWorkspaceServices(
  core: Core,
  progression: ProgressionService,
): Promise<WorkspaceServices> {
  const { app, deps, db, clock, realtimeBus } = core;
  const { config } = deps;
  // Local disk under DATA_DIR/files, per instance (docs/decisions/020-file-storage.md).
  const files = createFileService({
    db,
    storage: createLocalStorage(path.join(config.dataDir, "files")),
  });
  // Bytes no file refers to (an upload cut off by a killed process, a crash before the commit): swept at start, then
  // hourly.
  repeat(app, LEFTOVER_AGE_MS, "leftover upload bytes not swept", () =>
    files.sweepLeftovers(clock()),
  );
  const workspace = createWorkspaceService({
    db,
    clock,
    files,
    progression,
    log: app.log,
    extraction: config.extraction,
  });
  // Chat and commands find entities and knowledge through the workspace (404 for anyone else's).
  const ai = createAiService({
    db,
    clock,
    ...providerFromConfig(config.ai, workspace),
    // Orchestration holds (paused, stopped) refuse new runs before any provider call.
    directory: guardDirectory(db, workspace),
    log: app.log,
    bus: realtimeBus,
  });
  const stopListening = await ai.listen();
  app.addHook("onClose", async () => stopListening());
  // Answers whose process died mid-stream (killed, crashed) are closed once their lease runs out.
  repeat(app, ANSWER_LEASE_MS / 3, "answer leases not kept", () => ai.keepLeases());
  return { files, workspace, ai };
}
