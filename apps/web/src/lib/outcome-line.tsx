// The one-line outcome of an action above a screen's content: a notice is announced politely (status), a failure at
// once (alert).
const TONES = {
  notice: { role: "status", colour: "text-success" },
  error: { role: "alert", colour: "text-error" },
} as const;

/** Nothing while `text` is empty; `className` gives the spacing the screen wants under the line. */
export function OutcomeLine({
  kind,
  text,
  testId,
  className = "mb-4",
}: {
  kind: keyof typeof TONES;
  text: string | null | undefined;
  testId: string;
  className?: string;
}) {
  if (!text) return null;
  const tone = TONES[kind];
  return (
    <p role={tone.role} className={`${className} ${tone.colour}`} data-testid={testId}>
      {text}
    </p>
  );
}
