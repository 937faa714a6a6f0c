// The live password hints: each part of the domain's strong-password rule, met or not, in the interface language.
import {
  disallowedPasswordCharacters,
  type PasswordChecks,
  passwordChecks,
} from "@aacos/domain/validation";
import { useTranslation } from "react-i18next";

const ORDER: readonly (keyof PasswordChecks)[] = [
  "minLength",
  "lowercase",
  "uppercase",
  "digit",
  "special",
  "allowedCharacters",
];

/** A part of the rule: met, not yet met, or broken by what was typed (a character the rule does not allow). */
export type PasswordHintState = "met" | "unmet" | "broken";

export interface PasswordHint {
  key: keyof PasswordChecks;
  label: string;
  state: PasswordHintState;
  /** What breaks a broken part: the characters to remove, as shown (a space as ␣). */
  remove?: string;
}

/** A character as the hint shows it: a space (or other blank) by its symbol, since it would not be seen. */
function shown(char: string): string {
  return /^\s$/.test(char) ? "␣" : char;
}

export function usePasswordHints(password: string): PasswordHint[] {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  const disallowed = disallowedPasswordCharacters(password);
  return ORDER.map((key) => {
    const label = t(`auth.passwordHints.${key}`);
    if (key === "allowedCharacters") {
      if (disallowed.length > 0) {
        return { key, label, state: "broken", remove: disallowed.map(shown).join(" ") };
      }
      // Nothing typed yet meets nothing: the rule shows as still to be met.
      return { key, label, state: password.length > 0 ? "met" : "unmet" };
    }
    return { key, label, state: checks[key] ? "met" : "unmet" };
  });
}
