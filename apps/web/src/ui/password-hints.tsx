// The live checklist under a new-password field: each rule with a met or not-yet mark and state text for screen readers.
import { Icon } from "./icon";

export interface PasswordHintsProps {
  title: string;
  hints: readonly { key: string; label: string; met: boolean }[];
  metText: string;
  unmetText: string;
  testId?: string;
}

export function PasswordHints({ title, hints, metText, unmetText, testId }: PasswordHintsProps) {
  return (
    <div data-testid={testId}>
      <p className="text-sm text-fg-muted">{title}</p>
      <ul className="mt-1 grid gap-0.5 text-sm sm:grid-cols-2">
        {hints.map((hint) => (
          <li
            key={hint.key}
            data-testid={testId ? `${testId}-${hint.key}` : undefined}
            data-met={hint.met}
            className={`flex items-center gap-1.5 ${hint.met ? "text-success" : "text-fg-muted"}`}
          >
            <Icon name={hint.met ? "check" : "dot"} className="size-4 shrink-0" />
            <span>{hint.label}</span>
            <span className="sr-only">{`(${hint.met ? metText : unmetText})`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
