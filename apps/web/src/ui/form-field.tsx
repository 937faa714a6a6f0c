// Labelled form controls (text, text area, checkbox, select and its options) wired for assistive tech: aria-invalid and aria-describedby
// to hint and error.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

const CONTROL =
  "w-full min-w-0 rounded-xl border bg-surface px-3 py-2.5 text-fg placeholder:text-fg-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/40 disabled:opacity-60";

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === "string" && id !== "");
  return list.length > 0 ? list.join(" ") : undefined;
}

interface FieldShellProps {
  id: string;
  label: string;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  testId?: string;
  children: ReactNode;
}

function FieldShell({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  testId,
  children,
}: FieldShellProps) {
  return (
    // min-w-0: inside a grid or flex row, a long option must not widen the page.
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={hintId} className="text-sm text-fg-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p
          id={errorId}
          className="text-sm font-semibold text-error"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every labelled control takes besides its element's own attributes. */
interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  testId?: string;
  id?: string;
}

/**
 * The ids and wiring one labelled control shares with its shell: aria-invalid, aria-describedby, the border; `rest`
 * is what goes to the element as it came.
 */
function useControl<Props extends FieldProps & { className?: string }>(props: Props) {
  const { id, label, hint, error, testId, className = "", ...rest } = props;
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  return {
    shell: { id: fieldId, label, hint, hintId, error, errorId, testId },
    control: {
      id: fieldId,
      "data-testid": testId,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(hint ? hintId : undefined, error ? errorId : undefined),
      className: `${CONTROL} ${error ? "border-error" : "border-border"} ${className}`.trim(),
    },
    rest,
  };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id">, FieldProps {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ ref, ...props }: TextFieldProps) {
  const { shell, control, rest } = useControl(props);
  return (
    <FieldShell {...shell}>
      <input ref={ref} {...control} {...rest} />
    </FieldShell>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">, FieldProps {
  children: ReactNode;
}

export function SelectField({ children, ...props }: SelectFieldProps) {
  const { shell, control, rest } = useControl(props);
  return (
    <FieldShell {...shell}>
      <select {...control} {...rest}>
        {children}
      </select>
    </FieldShell>
  );
}

/** A select's options over a fixed list of values, each shown by `text`. */
export function Options<Value extends string>({
  values,
  text,
}: {
  values: readonly Value[];
  text: (value: Value) => string;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {text(value)}
        </option>
      ))}
    </>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & FieldProps;

export function TextAreaField(props: TextAreaFieldProps) {
  const { shell, control, rest } = useControl(props);
  return (
    <FieldShell {...shell}>
      <textarea {...control} {...rest} />
    </FieldShell>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  testId?: string;
}

export function CheckboxField({ label, testId, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        data-testid={testId}
        className="size-4 rounded border-border accent-primary"
        {...input}
      />
      <label htmlFor={id} className="text-sm text-fg">
        {label}
      </label>
    </div>
  );
}
