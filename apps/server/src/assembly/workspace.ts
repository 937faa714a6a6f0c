// The workspace: uploaded files, universes and entities with their knowledge, and the AI that answers for them.
import path from "node:path";
import { createAiService, providerFromConfig } from "../features/ai/index.js";
import { createFileService, createLocalStorage, LEFTOVER_AGE_MS } from "../features/files/index.js";
import { guardDirectory } from "../features/orchestration/index.js";
import type { ProgressionService } from "../features/progression/index.js";
import { createWorkspaceService } from "../features/workspace/index.js";
import type { Core } from "./core.js";
import type { Services } from "./services.js";

export type WorkspaceServices = Pick<Services, "files" | "workspace" | "ai">;

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
  const sweepLeftovers = () =>
    void files
      .sweepLeftovers(clock())
      .catch((error: unknown) => app.log.warn({ err: error }, "leftover upload bytes not swept"));
  sweepLeftovers();
  const sweeper = setInterval(sweepLeftovers, LEFTOVER_AGE_MS);
  sweeper.unref();
  app.addHook("onClose", async () => clearInterval(sweeper));
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
  return { files, workspace, ai };
}
