// Public API of the jobs feature: the job runner (pg-boss in the product's database) other features queue work on,
// and the background runs built on it (universe syncs, entity runs and batches).

export { jobRoutes } from "./routes.js";
export {
  BACKGROUND_RUN_KIND,
  type BackgroundRuns,
  type BackgroundRunView,
  backgroundRunSignal,
  createBackgroundRuns,
  ENTITY_RUN_QUEUE,
  SYNC_QUEUE,
} from "./runs.js";
export {
  createJobService,
  DEAD_LETTER_SUFFIX,
  type DeadLetter,
  type EnqueueOptions,
  JobAborted,
  type JobContext,
  type JobService,
  type JobServiceDeps,
  type JobState,
  type RegisterOptions,
} from "./service.js";
