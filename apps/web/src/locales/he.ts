// The Hebrew catalogue (the default language, in the first load): the shared base file plus one file per later
// feature (each feature owns its own namespace file).

import heAdminConsole from "./he/adminConsole.json";
import heAdminSettings from "./he/adminSettings.json";
import heAnalytics from "./he/analytics.json";
import heApiKeys from "./he/apiKeys.json";
import heAutonomous from "./he/autonomous.json";
import heBilling from "./he/billing.json";
import heErrors from "./he/errors.json";
import heFields from "./he/fields.json";
import heHome from "./he/home.json";
import heLimitSource from "./he/limitSource.json";
import heOrchestration from "./he/orchestration.json";
import heQuests from "./he/quests.json";
import heRunErrors from "./he/runErrors.json";
import heShellMenu from "./he/shellMenu.json";
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
  limitSource: heLimitSource,
  orchestration: heOrchestration,
  quests: heQuests,
  shellMenu: heShellMenu,
  teams: heTeams,
  errors: heErrors,
  fields: heFields,
  runErrors: heRunErrors,
};

export type Messages = typeof he;
