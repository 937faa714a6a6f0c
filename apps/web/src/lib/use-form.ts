// Form state checked with the domain's zod schemas before submit, and the server's field codes after, translated: the
// schema gives a form's own check and the server's 400 the same code (docs/decisions/244-field-error-codes.md).
import { type FieldError, fieldErrors } from "@aacos/domain/errors";
import {
  type FocusEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "./api-client";
import { errorText, translateError, translateField } from "./messages";
import { forgetTypedBeforeApp, withTypedBeforeApp } from "./typed-before-app";

/** The part of a zod schema the form needs (kept structural so the web app needs no direct zod import). */
export interface FormSchema<Output> {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

type Values = Record<string, string | boolean>;

/**
 * A form's schema when its text values are not yet the body: `toBody` shapes them (numbers, lists, blanks) into what
 * the domain's schema, and the server, expect.
 */
export function schemaOfValues<V extends Values, Output>(
  schema: FormSchema<Output>,
  toBody: (values: V) => unknown,
): FormSchema<Output> {
  return { safeParse: (values: unknown) => schema.safeParse(toBody(values as V)) };
}

/** A number field's text as a number; blank is undefined, so the schema says the field is required. */
export const numberOrBlank = (text: string): number | undefined =>
  text.trim() === "" ? undefined : Number(text.trim());

export function clientErrors<Output>(schema: FormSchema<Output>, values: Values) {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

export interface FormController<V extends Values, Output> {
  values: V;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /**
   * Marks a field as visited: its client message shows from now on. Not when focus moves to a button or
   * link: the message appearing would shift the layout under the pointer and swallow that click.
   */
  touch: (name: keyof V & string, event?: FocusEvent) => void;
  /** The field's message in the interface language, or undefined. */
  error: (name: keyof V & string) => string | undefined;
  /** A failure that belongs to no field (in the interface language), for the form's alert. */
  formError: string | null;
  /**
   * Whether the alert says word for word what a field's message says: it is then only announced, not shown a second
   * time above the form (`<FormAlert announceOnly>`).
   */
  formErrorEchoesField: boolean;
  submitting: boolean;
  /** Validates, then calls `action` with the parsed values; an ApiError's fields land on the fields. */
  onSubmit: (
    action: (data: Output) => Promise<void>,
  ) => (event: FormEvent<HTMLFormElement>) => void;
  setFormError: (message: string | null) => void;
  reset: (values?: V) => void;
  /**
   * A text field's wiring, spread onto a TextField or SelectField: its value, the change that sets it,
   * the blur that marks it visited and its message (which the field ties to the control with aria-describedby).
   */
  field: <K extends TextFieldName<V>>(name: K) => FieldBinding;
}

/** The names of a form's text (not checkbox) values. */
type TextFieldName<V extends Values> = {
  [K in keyof V & string]: V[K] extends string ? K : never;
}[keyof V & string];

export interface FieldBinding {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: (event: FocusEvent) => void;
  error: string | undefined;
}

export function useForm<V extends Values, Output>(
  schema: FormSchema<Output>,
  initial: V,
): FormController<V, Output> {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(() => withTypedBeforeApp(initial));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, FieldError>>({});
  const [formError, setFormErrorRaw] = useState<string | null>(null);
  // Whether the alert summarises the server's field messages: it then goes with the last of them.
  const [summarisesFields, setSummarisesFields] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const initialRef = useRef(initial);
  // Once mounted, the form has read what was typed into its pre-rendered fields (lib/typed-before-app.ts).
  useEffect(() => forgetTypedBeforeApp(Object.keys(initialRef.current)), []);

  const errors = useMemo(() => clientErrors(schema, values), [schema, values]);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A server message belongs to the value it was about.
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);

  const touch = useCallback((name: string, event?: FocusEvent) => {
    const next = event?.relatedTarget;
    if (next instanceof Element && next.closest("button, a, [role='button']")) return;
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  const error = (name: string): string | undefined => {
    const client = submitted || touched[name] ? errors[name] : undefined;
    const failure = client ?? serverErrors[name];
    return failure ? translateField(t, failure) : undefined;
  };

  /** Sets the form's alert: a text already in the interface language (errorText for a failed call). */
  const setFormError = useCallback((message: string | null) => {
    setFormErrorRaw(message);
    setSummarisesFields(false);
  }, []);

  const onSubmit =
    (action: (data: Output) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      setSubmitted(true);
      setFormError(null);
      const result = schema.safeParse(values);
      if (!result.success) {
        focusFirstInvalid(form);
        return;
      }
      setSubmitting(true);
      action(result.data)
        .catch((failure: unknown) => {
          if (failure instanceof ApiError) {
            const fields = failure.fields;
            const known = Object.keys(fields).filter((name) => name in values);
            setServerErrors(
              Object.fromEntries(
                known.flatMap((name) => {
                  const field = fields[name];
                  return field ? [[name, field]] : [];
                }),
              ),
            );
            // The summary is still announced, so a field message is never the only announcement.
            setFormErrorRaw(translateError(t, failure));
            setSummarisesFields(known.length > 0);
            if (known.length > 0) focusFirstInvalid(form);
          } else {
            setFormError(errorText(t, failure));
          }
        })
        .finally(() => setSubmitting(false));
    };

  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initialRef.current);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
      setFormError(null);
    },
    [setFormError],
  );

  const field = <K extends TextFieldName<V>>(name: K): FieldBinding => ({
    value: values[name] as string,
    onChange: (event) => set(name, event.target.value as V[K]),
    onBlur: (event) => touch(name, event),
    error: error(name),
  });

  // Once every field the server refused has been edited, its summary is out of date too.
  const shownFormError =
    summarisesFields && Object.keys(serverErrors).length === 0 ? null : formError;
  const echoesField =
    shownFormError !== null &&
    Object.values(serverErrors).some((failure) => translateField(t, failure) === shownFormError);

  return {
    values,
    set,
    touch,
    error,
    formError: shownFormError,
    formErrorEchoesField: echoesField,
    submitting,
    onSubmit,
    setFormError,
    reset,
    field,
  };
}

function focusFirstInvalid(form: HTMLFormElement): void {
  // After React has rendered the messages and aria-invalid.
  setTimeout(() => {
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  });
}
