// Monitoring rules (docs/product.md §4, §9; docs/product.md §1): sampling constants, alert rule evaluation, the
// consciousness formulas and Prometheus text rendering. Pure: callers pass samples, counts and `now`.

/** docs/product.md §9: the monitor samples every 5 s and keeps the last 100. */
export const SAMPLE_INTERVAL_MS = 5_000;
export const SAMPLES_KEPT = 100;
/** docs/product.md §4/§9: memory above 90 % is critical, CPU above 85 % a warning, harmony below 0.3 asks for a rebalance. */
export const MEMORY_ALERT_PERCENT = 90;
export const CPU_ALERT_PERCENT = 85;
export const HARMONY_THRESHOLD = 0.3;

export const ALERT_SEVERITIES = ["info", "warning", "critical"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_OPS = ["gt", "gte", "lt", "lte"] as const;
export type AlertOp = (typeof ALERT_OPS)[number];
export const ALERT_STATUSES = ["open", "acknowledged", "resolved"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_CHANNELS = ["in-app", "email", "webhook"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** Metrics of the built-in system rules (not open to user rules). */
export const SYSTEM_METRICS = {
  cpuPercent: "system.cpu_percent",
  memoryPercent: "system.memory_percent",
} as const;

/**
 * Metrics a user rule may watch: the count of their signals of one kind (`signals.<kind>`), failed runs, tokens used
 * (counted over the rule's window), or a consciousness value (its current value).
 */
export const USER_METRIC_PATTERN =
  /^(signals\.[a-z][a-z0-9_-]{0,39}|runs\.failed|tokens\.used|consciousness\.(awareness|integration|harmony))$/;

export function isUserMetric(metric: string): boolean {
  return USER_METRIC_PATTERN.test(metric);
}

export function compare(op: AlertOp, value: number, threshold: number): boolean {
  switch (op) {
    case "gt":
      return value > threshold;
    case "gte":
      return value >= threshold;
    case "lt":
      return value < threshold;
    case "lte":
      return value <= threshold;
  }
}

/** A condition holds over its window when the window has samples and every one of them meets it. */
export function holdsOverWindow(
  op: AlertOp,
  threshold: number,
  values: readonly number[],
): boolean {
  return values.length > 0 && values.every((value) => compare(op, value, threshold));
}

const OP_TEXT: Record<AlertOp, string> = { gt: ">", gte: "≥", lt: "<", lte: "≤" };

export function describeCondition(metric: string, op: AlertOp, threshold: number): string {
  return `${metric} ${OP_TEXT[op]} ${threshold}`;
}

// --- consciousness ------------------------------------------------------------------------------------------------

/** A signal source is expected to report at least once a day; sources seen within 7 days count. */
export const SOURCE_EXPECTED_INTERVAL_MS = 86_400_000;
export const CONSCIOUSNESS_LOOKBACK_MS = 7 * 86_400_000;
/** History rows are written on read, at most one per user per 5 minutes. */
export const HISTORY_INTERVAL_MS = 5 * 60_000;
/** Open-alert weights of harmony, in thousandths so sums stay exact (0.5 + 0.2 is 0.7, not 0.7000000000000001). */
export const HARMONY_WEIGHTS_MILLI: Record<AlertSeverity, number> = {
  critical: 500,
  warning: 200,
  info: 50,
};

/** Share of sources that reported within their expected interval; 0 while a user has no sources yet. */
export function awarenessOf(
  lastReports: readonly Date[],
  now: Date,
  expectedIntervalMs = SOURCE_EXPECTED_INTERVAL_MS,
): number {
  if (lastReports.length === 0) return 0;
  const fresh = lastReports.filter((at) => now.getTime() - at.getTime() <= expectedIntervalMs);
  return fresh.length / lastReports.length;
}

/** Share of recent runs and syncs that succeeded; 0 with none. */
export function integrationOf(total: number, succeeded: number): number {
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, succeeded / total));
}

/** 1 − (weighted open alerts, capped at 1). */
export function harmonyOf(openBySeverity: Partial<Record<AlertSeverity, number>>): number {
  let milli = 0;
  for (const severity of ALERT_SEVERITIES) {
    milli += (openBySeverity[severity] ?? 0) * HARMONY_WEIGHTS_MILLI[severity];
  }
  return (1000 - Math.min(1000, milli)) / 1000;
}

export function needsRebalance(harmony: number): boolean {
  return harmony < HARMONY_THRESHOLD;
}

export const REBALANCE_SUGGESTED_ACTION =
  "Rebalance: resolve or acknowledge the open critical and warning alerts, then pause failing entities";

export function isToleratedLevel(level: number): boolean {
  return Number.isFinite(level) && level >= 0 && level <= 1;
}

// --- request statistics --------------------------------------------------------------------------------------------

/** The q-quantile (0..1) of values by the nearest-rank method; 0 with no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

// --- Prometheus text exposition ------------------------------------------------------------------------------------

export interface MetricFamily {
  name: string;
  help: string;
  type: "gauge" | "counter" | "summary";
  samples: { name?: string; labels?: Record<string, string>; value: number }[];
}

function escapeLabel(value: string): string {
  return value.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll('"', '\\"');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

/** Prometheus text format 0.0.4: HELP, TYPE, then `name{label="value"} number` lines. */
export function renderPrometheus(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${family.help.replaceAll("\n", " ")}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels ?? {});
      const labelText =
        labels.length === 0
          ? ""
          : `{${labels.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(",")}}`;
      lines.push(`${sample.name ?? family.name}${labelText} ${formatValue(sample.value)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

// --- built-in rules ------------------------------------------------------------------------------------------------

/** Fixed ids, so every instance inserts the same built-in rows (insert … on conflict do nothing). */
export const BUILT_IN_RULE_IDS = {
  memory: "00000000-0000-4000-8000-00000000a001",
  cpu: "00000000-0000-4000-8000-00000000a002",
  rebalance: "00000000-0000-4000-8000-00000000a003",
} as const;

/** Test-fired alerts carry this prefix in their message; harmony and de-duplication ignore them. */
export const TEST_ALERT_PREFIX = "[TEST] ";

export interface BuiltInRule {
  id: string;
  name: string;
  metric: string;
  op: AlertOp;
  threshold: number;
  windowSeconds: number;
  severity: AlertSeverity;
  /** System rules watch the servers (admins and operators see them); the rebalance rule is per user. */
  scope: "system" | "user";
}

export const BUILT_IN_RULES: readonly BuiltInRule[] = [
  {
    id: BUILT_IN_RULE_IDS.memory,
    name: "Memory above 90 %",
    metric: SYSTEM_METRICS.memoryPercent,
    op: "gt",
    threshold: MEMORY_ALERT_PERCENT,
    windowSeconds: 60,
    severity: "critical",
    scope: "system",
  },
  {
    id: BUILT_IN_RULE_IDS.cpu,
    name: "CPU above 85 %",
    metric: SYSTEM_METRICS.cpuPercent,
    op: "gt",
    threshold: CPU_ALERT_PERCENT,
    windowSeconds: 60,
    severity: "warning",
    scope: "system",
  },
  {
    id: BUILT_IN_RULE_IDS.rebalance,
    name: "rebalance",
    metric: "consciousness.harmony",
    op: "lt",
    threshold: HARMONY_THRESHOLD,
    windowSeconds: 0,
    severity: "warning",
    scope: "user",
  },
];
