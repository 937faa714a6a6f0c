// A password field: the current one to confirm who you are, or a new one with the live hints of the strong-password
// rule beneath it (their test id is the field's with "-hints").
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { usePasswordHints } from "../lib/use-password-hints";
import { TextField } from "./form-field";
import { PasswordHints } from "./password-hints";

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, "type" | "dir" | "hint"> & {
  value: string;
  testId: string;
};

export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" autoComplete="current-password" dir="ltr" {...props} />;
}

export function NewPasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const hints = usePasswordHints(props.value);
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      dir="ltr"
      hint={
        <PasswordHints
          title={t("auth.passwordHints.title")}
          hints={hints}
          stateTexts={{
            met: t("auth.passwordHints.met"),
            unmet: t("auth.passwordHints.unmet"),
            broken: t("auth.passwordHints.broken"),
          }}
          removeText={t("auth.passwordHints.remove")}
          testId={`${props.testId}-hints`}
        />
      }
      {...props}
    />
  );
}
