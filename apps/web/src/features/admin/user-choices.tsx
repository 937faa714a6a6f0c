// What an admin picks a user's roles, plan, world and status from (in the edit row and the users tab's filters), as
// the names read in the interface language.
import { ROLES, type Role } from "@aacos/domain/access";
import { USER_STATUSES, type UserStatus } from "@aacos/domain/admin-console";
import { TIER_NAMES, type TierName, WORLD_NAMES, type WorldName } from "@aacos/domain/catalog";
import { useTranslation } from "react-i18next";
import { roleText, tierText, worldText } from "../../lib/server-words";
import { useLanguage } from "../../lib/use-language";

export interface Choice<Value extends string> {
  value: Value;
  text: string;
}

export interface UserChoices {
  role: readonly Choice<Role>[];
  tier: readonly Choice<TierName>[];
  world: readonly Choice<WorldName>[];
  status: readonly Choice<UserStatus>[];
}

export function useUserChoices(): UserChoices {
  const { t } = useTranslation();
  const language = useLanguage();
  return {
    role: ROLES.map((role) => ({ value: role, text: roleText(t, role) })),
    tier: TIER_NAMES.map((name) => ({ value: name, text: tierText(name, language) })),
    world: WORLD_NAMES.map((name) => ({ value: name, text: worldText(name, language) })),
    status: USER_STATUSES.map((status) => ({
      value: status,
      text: t(`adminConsole.users.statuses.${status}`),
    })),
  };
}

/** The `<option>`s of a select over `choices`. */
export function ChoiceOptions({ choices }: { choices: readonly Choice<string>[] }) {
  return (
    <>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.text}
        </option>
      ))}
    </>
  );
}
