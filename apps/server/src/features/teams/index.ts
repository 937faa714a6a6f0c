// Public API of the teams feature: the service, its routes and the team-event signal.

export { teamSignal } from "./context.js";
export { teamRoutes } from "./routes.js";
export type { TeamService } from "./service.js";
export { createTeamService } from "./service.js";
export type {
  AdminTeamRow,
  InvitePreview,
  SharedUniverseView,
  TeamCaller,
  TeamDeps,
  TeamDetail,
  TeamEvent,
  TeamSummary,
} from "./types.js";
