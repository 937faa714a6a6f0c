// The workspace service, assembled from its parts over one shared context (context.ts): universes (universes.ts),
// entities (entities.ts), knowledge and its search (knowledge.ts, over the indexing in indexing.ts), syncs (syncs.ts)
// and the reality forge's templates (templates.ts).

import { createWorkspaceContext, type WorkspaceDeps } from "./context.js";
import { createEntityActions } from "./entities.js";
import { createKnowledgeIndex } from "./indexing.js";
import { createKnowledgeActions } from "./knowledge.js";
import { createSyncActions } from "./syncs.js";
import { createTemplateActions } from "./templates.js";
import { createUniverseActions } from "./universes.js";

export type { UniverseAccess, WorkspaceDeps } from "./context.js";

export function createWorkspaceService(deps: WorkspaceDeps) {
  const ctx = createWorkspaceContext(deps);
  const index = createKnowledgeIndex(ctx);
  const entityActions = createEntityActions(ctx);
  return {
    ...createUniverseActions(ctx),
    ...entityActions,
    ...createKnowledgeActions(ctx, index),
    ...createSyncActions(ctx, index, entityActions),
    ...createTemplateActions(ctx, index, entityActions),
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
