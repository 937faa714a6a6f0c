// The live password hints: each part of the domain's strong-password rule, met or not, in the interface language.
import { type PasswordChecks, passwordChecks } from "@aacos/domain/validation";
import { useTranslation } from "react-i18next";

const ORDER: readonly (keyof PasswordChecks)[] = [
  "minLength",
  "lowercase",
  "uppercase",
  "digit",
  "special",
  "allowedCharacters",
];

export interface PasswordHint {
  key: keyof PasswordChecks;
  label: string;
  met: boolean;
}

export function usePasswordHints(password: string): PasswordHint[] {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  return ORDER.map((key) => ({
    key,
    label: t(`auth.passwordHints.${key}`),
    met: checks[key] && (key !== "allowedCharacters" || password.length > 0),
  }));
}
