// Workspace rules: universe and entity caps with their messages, passage splitting and the knowledge-search query shape.
export type { LimitCheck } from "./caps.js";
export {
  checkNewEntity,
  checkNewUniverse,
  checkTrainingData,
  checkUnarchive,
  WORKSPACE_MESSAGES,
} from "./caps.js";
export { PASSAGE_MAX_CHARS, PASSAGE_MIN_CHARS, splitPassages } from "./passages.js";
export { searchTerms, toTsQuery } from "./search.js";

/** idle and paused are set by the user; running and error by the runs of the AI feature. */
export const ENTITY_STATUSES = ["idle", "running", "paused", "error"] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];
