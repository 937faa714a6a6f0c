// Public API of the teams feature: the service, its routes and the team-event signal.
export { teamRoutes } from "./routes.js";
export type {
  AdminTeamRow,
  InvitePreview,
  SharedUniverseView,
  TeamCaller,
  TeamDeps,
  TeamDetail,
  TeamEvent,
  TeamService,
  TeamSummary,
} from "./service.js";
export { createTeamService, teamSignal } from "./service.js";
