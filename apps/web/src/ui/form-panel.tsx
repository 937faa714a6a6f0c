// The narrow centred card of a sign-in style screen: heading, lead and the form below, or the outcome with its link.
import type { ComponentProps, FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Messages } from "../locales/index";
import { ButtonLink, SubmitButton } from "./button";
import { FormAlert } from "./form-alert";

export function FormPanel({
  title,
  lead,
  testId,
  children,
}: {
  title: string;
  lead?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16" data-testid={testId}>
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <h1 className="text-2xl font-extrabold text-fg sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 text-fg-muted">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** A panel's outcome: its alert or notice, then the one link onward. */
export function PanelOutcome({
  message,
  to,
  linkLabel,
  linkTestId,
  linkVariant,
}: {
  message: ReactNode;
  to: string;
  linkLabel: string;
  linkTestId: string;
  linkVariant?: ComponentProps<typeof ButtonLink>["variant"];
}) {
  return (
    <div className="flex flex-col gap-4">
      {message}
      <ButtonLink to={to} variant={linkVariant} data-testid={linkTestId}>
        {linkLabel}
      </ButtonLink>
    </div>
  );
}

/** The catalogue's groups that name a submit button and its busy label ("auth.login", "setup"). */
type SubmitTexts<T = Messages, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends { submit: string; submitting: string }
    ? `${Prefix}${K}`
    : T[K] extends object
      ? SubmitTexts<T[K], `${Prefix}${K}.`>
      : never;
}[keyof T & string];

/**
 * A panel's (or settings section's) form: a notice, the form's alert, the fields, the submit button (the group's
 * "submit", "submitting" while busy), then what follows it. Test ids are the prefix with "-error" and "-submit".
 */
export function PanelForm({
  form,
  onSubmit,
  testPrefix,
  texts,
  disabled,
  notice,
  footer,
  className = "",
  submitClassName,
  children,
}: {
  form: { formError: string | null; formErrorEchoesField: boolean; submitting: boolean };
  onSubmit: FormEventHandler<HTMLFormElement>;
  testPrefix: string;
  texts: SubmitTexts;
  disabled?: boolean;
  notice?: ReactNode;
  footer?: ReactNode;
  /** More classes on the form (a width), and on the submit button (its own width in place of the form's). */
  className?: string;
  submitClassName?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit} className={`flex flex-col gap-4 ${className}`.trim()}>
      {notice}
      {form.formError ? (
        <FormAlert testId={`${testPrefix}-error`} announceOnly={form.formErrorEchoesField}>
          {form.formError}
        </FormAlert>
      ) : null}
      {children}
      <SubmitButton
        data-testid={`${testPrefix}-submit`}
        busy={form.submitting}
        busyLabel={t(`${texts}.submitting`)}
        disabled={disabled}
        className={submitClassName}
      >
        {t(`${texts}.submit`)}
      </SubmitButton>
      {footer}
    </form>
  );
}
