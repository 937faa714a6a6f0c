// The two catalogues: the shared base files plus one file per later feature (each feature owns its own namespace file).

import enAdminConsole from "./en/adminConsole.json";
import enAdminSettings from "./en/adminSettings.json";
import enAnalytics from "./en/analytics.json";
import enApiKeys from "./en/apiKeys.json";
import enAutonomous from "./en/autonomous.json";
import enBilling from "./en/billing.json";
import enHome from "./en/home.json";
import enOrchestration from "./en/orchestration.json";
import enTeams from "./en/teams.json";
import enBase from "./en.json";
import heAdminConsole from "./he/adminConsole.json";
import heAdminSettings from "./he/adminSettings.json";
import heAnalytics from "./he/analytics.json";
import heApiKeys from "./he/apiKeys.json";
import heAutonomous from "./he/autonomous.json";
import heBilling from "./he/billing.json";
import heHome from "./he/home.json";
import heOrchestration from "./he/orchestration.json";
import heTeams from "./he/teams.json";
import heBase from "./he.json";

/** Hebrew: the source catalogue, whose keys type every `t()` call. */
export const he = {
  ...heBase,
  adminConsole: heAdminConsole,
  adminSettings: heAdminSettings,
  apiKeys: heApiKeys,
  analytics: heAnalytics,
  autonomous: heAutonomous,
  billing: heBilling,
  home: heHome,
  orchestration: heOrchestration,
  teams: heTeams,
};

export const en = {
  ...enBase,
  adminConsole: enAdminConsole,
  adminSettings: enAdminSettings,
  apiKeys: enApiKeys,
  analytics: enAnalytics,
  autonomous: enAutonomous,
  billing: enBilling,
  home: enHome,
  orchestration: enOrchestration,
  teams: enTeams,
};

export type Messages = typeof he;
