// The English catalogue: loaded on demand (lib/i18n.ts loadLanguage), so Hebrew visitors never download it.

import enAdminConsole from "./en/adminConsole.json";
import enAdminSettings from "./en/adminSettings.json";
import enAnalytics from "./en/analytics.json";
import enApiKeys from "./en/apiKeys.json";
import enAutonomous from "./en/autonomous.json";
import enBilling from "./en/billing.json";
import enErrors from "./en/errors.json";
import enFields from "./en/fields.json";
import enHome from "./en/home.json";
import enLimitSource from "./en/limitSource.json";
import enOrchestration from "./en/orchestration.json";
import enQuests from "./en/quests.json";
import enRunErrors from "./en/runErrors.json";
import enShellMenu from "./en/shellMenu.json";
import enTeams from "./en/teams.json";
import enBase from "./en.json";

export const en = {
  ...enBase,
  adminConsole: enAdminConsole,
  adminSettings: enAdminSettings,
  apiKeys: enApiKeys,
  analytics: enAnalytics,
  autonomous: enAutonomous,
  billing: enBilling,
  home: enHome,
  limitSource: enLimitSource,
  orchestration: enOrchestration,
  quests: enQuests,
  shellMenu: enShellMenu,
  teams: enTeams,
  errors: enErrors,
  fields: enFields,
  runErrors: enRunErrors,
};
