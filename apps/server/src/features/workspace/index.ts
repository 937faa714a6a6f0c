// Public API of the workspace feature: universes, entities, knowledge search and syncs for chat and the command centre.

export type { EntityAndHold, EntityAndHoldBeside } from "./entities.js";
export { workspaceRoutes } from "./routes.js";
export type { WorkspaceDeps, WorkspaceService } from "./service.js";
export { createWorkspaceService } from "./service.js";
export type {
  ActionRecorder,
  Entity,
  EntityCheck,
  EntityStatus,
  KnowledgeFile,
  KnowledgeHit,
  Run,
  Universe,
  UniverseTemplate,
  WorkspaceCaller,
} from "./types.js";
