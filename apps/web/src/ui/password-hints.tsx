// The live checklist under a new-password field: each rule with a met, not-yet or broken mark and state text for screen
// readers; a broken rule says what to remove.
import { Icon } from "./icon";

type HintState = "met" | "unmet" | "broken";

export interface PasswordHintsProps {
  title: string;
  hints: readonly { key: string; label: string; state: HintState; remove?: string }[];
  /** The screen-reader text of each state. */
  stateTexts: Readonly<Record<HintState, string>>;
  /** The words before the characters a broken rule asks to remove ("Remove:"). */
  removeText: string;
  testId?: string;
}

const LOOK: Record<HintState, { icon: "check" | "dot" | "close"; color: string }> = {
  met: { icon: "check", color: "text-success" },
  unmet: { icon: "dot", color: "text-fg-muted" },
  broken: { icon: "close", color: "text-error" },
};

export function PasswordHints({
  title,
  hints,
  stateTexts,
  removeText,
  testId,
}: PasswordHintsProps) {
  return (
    <div data-testid={testId}>
      <p className="text-sm text-fg-muted">{title}</p>
      <ul className="mt-1 grid gap-0.5 text-sm sm:grid-cols-2">
        {hints.map((hint) => (
          <li
            key={hint.key}
            data-testid={testId ? `${testId}-${hint.key}` : undefined}
            data-met={hint.state === "met"}
            data-state={hint.state}
            className={`flex items-start gap-1.5 ${LOOK[hint.state].color}`}
          >
            <Icon name={LOOK[hint.state].icon} className="mt-0.5 size-4 shrink-0" />
            <span>
              {hint.label}
              <span className="sr-only">{` (${stateTexts[hint.state]})`}</span>
              {hint.remove ? (
                <span className="block font-semibold">
                  {removeText}{" "}
                  <bdi dir="ltr" data-testid={testId ? `${testId}-remove` : undefined}>
                    {hint.remove}
                  </bdi>
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
