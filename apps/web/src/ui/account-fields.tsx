// The new account's fields, shared by registration and the first admin's setup: email, username and a new password
// with its live hints (the username field serves the profile too). Test ids are the prefix with "-email",
// "-username" and "-password".
import { useTranslation } from "react-i18next";
import type { FieldBinding } from "../lib/use-form";
import { TextField } from "./form-field";
import { NewPasswordField } from "./password-field";

/** The username field with the hint on what a username may hold; the new account's and the profile's. */
export function UsernameField({
  label,
  testId,
  binding,
}: {
  label: string;
  testId: string;
  binding: FieldBinding;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      name="username"
      testId={testId}
      autoComplete="username"
      dir="ltr"
      hint={t("auth.register.usernameHint")}
      {...binding}
    />
  );
}

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
      <UsernameField
        label={t("auth.register.username")}
        testId={`${testPrefix}-username`}
        binding={field("username")}
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
