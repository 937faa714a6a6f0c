// A value from 0 to 1 as an SVG arc gauge: role="meter" with aria-valuenow (0..1) and a readable value text.
export const GAUGE_RADIUS = 40;
const CIRCUMFERENCE_SHARE = 0.75; // a 270° arc

/** The stroke-dasharray of the filled part for `value` (clamped to [0, 1]) on a 270° arc of radius 40. */
export function gaugeDash(value: number): string {
  const full = 2 * Math.PI * GAUGE_RADIUS;
  const arc = full * CIRCUMFERENCE_SHARE;
  const filled = arc * Math.min(1, Math.max(0, value));
  return `${filled.toFixed(2)} ${full.toFixed(2)}`;
}

/** One 270° stroke of the gauge (the track, or the filled part over it), as long as `dash` says. */
function GaugeArc({
  className,
  dash,
  testId,
}: {
  className: string;
  dash: string;
  testId?: string;
}) {
  return (
    <circle
      cx={50}
      cy={50}
      r={GAUGE_RADIUS}
      fill="none"
      className={className}
      strokeWidth={10}
      strokeDasharray={dash}
      strokeLinecap="round"
      data-testid={testId}
    />
  );
}

export function Gauge({
  label,
  value,
  valueText,
  tone = "accent",
  testId,
}: {
  label: string;
  value: number;
  valueText: string;
  tone?: "accent" | "warning";
  testId?: string;
}) {
  const full = 2 * Math.PI * GAUGE_RADIUS;
  const track = `${(full * CIRCUMFERENCE_SHARE).toFixed(2)} ${full.toFixed(2)}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the arc is drawn in SVG; a native <meter> cannot hold it.
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="flex flex-col items-center gap-1"
      data-testid={testId}
    >
      <svg viewBox="0 0 100 100" className="size-32" aria-hidden="true">
        {/* Starts at 135° and runs clockwise 270°. */}
        <g transform="rotate(135 50 50)">
          <GaugeArc className="stroke-surface-muted" dash={track} />
          <GaugeArc
            className={tone === "warning" ? "stroke-warning" : "stroke-accent"}
            dash={gaugeDash(value)}
            testId={testId ? `${testId}-arc` : undefined}
          />
        </g>
        <text x={50} y={56} textAnchor="middle" className="fill-fg text-[18px] font-bold">
          {valueText}
        </text>
      </svg>
      <span className="font-semibold text-fg">{label}</span>
    </div>
  );
}
