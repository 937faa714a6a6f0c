// Runs: the job runner and the background runs on it, chat and commands, autonomous control and the entities'
// orchestration, which holds and queues what the others start.
import type { AiService } from "../features/ai/index.js";
import { providerFromConfig } from "../features/ai/index.js";
import { createAutonomousService } from "../features/autonomous/index.js";
import { createChatService } from "../features/chat/index.js";
import { createCommandService } from "../features/commands/index.js";
import { createBackgroundRuns, createJobService } from "../features/jobs/index.js";
import {
  createOrchestrationService,
  type OrchestrationService,
} from "../features/orchestration/index.js";
import type { ProgressionService } from "../features/progression/index.js";
import { runSignal } from "../features/signals/index.js";
import type { WorkspaceService } from "../features/workspace/index.js";
import type { Core } from "./core.js";
import type { Services } from "./services.js";

export interface Runs {
  services: Pick<Services, "jobs" | "backgroundRuns" | "autonomous" | "chat" | "commands">;
  /** Entity orchestration (holds, queues), started here and stopped on close. */
  orchestration: OrchestrationService;
}

export async function createRuns(
  core: Core,
  {
    progression,
    workspace,
    ai,
    instance,
  }: {
    progression: ProgressionService;
    workspace: WorkspaceService;
    ai: AiService;
    instance: string;
  },
): Promise<Runs> {
  const { app, deps, db, clock, audit, realtimeBus, signals } = core;
  // Background work (docs/decisions/091-jobs-versus-requests.md); stopped on close, before the database goes.
  const jobs = createJobService({
    database: deps.database,
    bus: realtimeBus,
    log: app.log,
    ...deps.jobTimings,
  });
  const backgroundRuns = createBackgroundRuns({
    db,
    clock,
    jobs,
    ai,
    workspace,
    notify: (userId, signal) => signals.notify(userId, signal),
    // XP as for a command run, once per batch (the ledger key).
    onRunFinished: (userId, key) => progression.recordAction(userId, "commandRun", key),
    log: app.log,
  });
  backgroundRuns.register();
  const recordAction = (userId: string, action: "chatMessage" | "commandRun", key: string) => {
    signals.notify(userId, runSignal(action, key));
    return progression.recordAction(userId, action, key);
  };
  // Autonomous runs go through the command service like the command centre's, but earn no XP (decision 097).
  const autonomous = createAutonomousService({
    db,
    clock,
    log: app.log,
    audit,
    commands: createCommandService({
      db,
      clock,
      ai,
      onCommand: async (userId, commandId) =>
        signals.notify(userId, runSignal("commandRun", commandId)),
      log: app.log,
    }),
    directory: workspace,
    bus: realtimeBus,
    jobs,
    emitSignal: (userId, signal) => signals.notify(userId, signal),
    tickMs: deps.autonomousTickMs === undefined ? 10_000 : deps.autonomousTickMs,
  });
  const chat = createChatService({
    db,
    clock,
    ai,
    onMessage: (userId, messageId) => recordAction(userId, "chatMessage", messageId),
    onHelpful: (ownerId, messageId) =>
      progression.recordAction(ownerId, "helpfulAnswer", messageId),
    log: app.log,
  });
  const commands = createCommandService({
    db,
    clock,
    ai,
    onCommand: (userId, commandId) => recordAction(userId, "commandRun", commandId),
    log: app.log,
  });
  const orchestration = createOrchestrationService({
    db,
    clock,
    audit,
    models: providerFromConfig(deps.config.ai, workspace).models,
    bus: realtimeBus,
    chat,
    commands,
    backgroundRuns,
    instance,
    log: app.log,
  });
  await orchestration.start();
  app.addHook("onClose", async () => orchestration.stop());
  return { services: { jobs, backgroundRuns, autonomous, chat, commands }, orchestration };
}
