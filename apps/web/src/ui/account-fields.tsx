// The new account's fields, shared by registration and the first admin's setup: email, username and a new password
// with its live hints. Test ids are the prefix with "-email", "-username" and "-password".
import { useTranslation } from "react-i18next";
import type { FieldBinding } from "../lib/use-form";
import { TextField } from "./form-field";
import { NewPasswordField } from "./password-field";

export function AccountFields({
  field,
  testPrefix,
}: {
  field: (name: "email" | "username" | "password") => FieldBinding;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("auth.register.email")}
        name="email"
        type="email"
        testId={`${testPrefix}-email`}
        autoComplete="email"
        dir="ltr"
        {...field("email")}
      />
      <TextField
        label={t("auth.register.username")}
        name="username"
        testId={`${testPrefix}-username`}
        autoComplete="username"
        dir="ltr"
        hint={t("auth.register.usernameHint")}
        {...field("username")}
      />
      <NewPasswordField
        label={t("auth.register.password")}
        name="password"
        testId={`${testPrefix}-password`}
        {...field("password")}
      />
    </>
  );
}
