// A short list of labelled facts (plan, world, trial end) as a description list.
export interface Fact {
  key: string;
  label: string;
  value: string;
}

export function FactList({ facts, testId }: { facts: readonly Fact[]; testId?: string }) {
  return (
    <dl data-testid={testId} className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3">
      {facts.map((fact) => (
        <div
          key={fact.key}
          className="min-w-0 rounded-xl bg-surface-muted p-3"
          data-testid={testId ? `${testId}-${fact.key}` : undefined}
        >
          <dt className="text-xs text-fg-muted">{fact.label}</dt>
          <dd className="mt-0.5 font-bold break-words text-fg">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
