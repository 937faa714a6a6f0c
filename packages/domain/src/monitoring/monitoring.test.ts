// The monitoring rules: thresholds, window evaluation, consciousness formulas and Prometheus text.
import { describe, expect, it } from "vitest";
import { ConsciousnessLevelBody } from "../validation/index.js";
import {
  awarenessOf,
  CPU_ALERT_PERCENT,
  compare,
  HARMONY_THRESHOLD,
  harmonyOf,
  holdsOverWindow,
  integrationOf,
  isUserMetric,
  MEMORY_ALERT_PERCENT,
  needsRebalance,
  quantile,
  renderPrometheus,
  SAMPLE_INTERVAL_MS,
  SAMPLES_KEPT,
} from "./index.js";

describe("monitoring constants (docs/product.md §4, §9)", () => {
  it("samples every 5 s, keeps 100, alerts at 90 % memory, 85 % CPU, harmony 0.3", () => {
    expect([SAMPLE_INTERVAL_MS, SAMPLES_KEPT, MEMORY_ALERT_PERCENT, CPU_ALERT_PERCENT]).toEqual([
      5000, 100, 90, 85,
    ]);
    expect(HARMONY_THRESHOLD).toBe(0.3);
  });
});

describe("alert conditions", () => {
  it("compares with each operator and needs every sample in the window", () => {
    expect(compare("gt", 91, 90)).toBe(true);
    expect(compare("gt", 90, 90)).toBe(false);
    expect(compare("gte", 90, 90)).toBe(true);
    expect(compare("lt", 0.2, 0.3)).toBe(true);
    expect(compare("lte", 0.3, 0.3)).toBe(true);
    expect(holdsOverWindow("gt", 90, [95, 96])).toBe(true);
    expect(holdsOverWindow("gt", 90, [95, 80])).toBe(false);
    expect(holdsOverWindow("gt", 90, [])).toBe(false);
  });

  it("lets users watch only their own metrics", () => {
    expect(isUserMetric("signals.alert")).toBe(true);
    expect(isUserMetric("runs.failed")).toBe(true);
    expect(isUserMetric("consciousness.harmony")).toBe(true);
    expect(isUserMetric("system.memory_percent")).toBe(false);
    expect(isUserMetric("signals.")).toBe(false);
  });
});

describe("consciousness formulas", () => {
  const now = new Date("2026-01-02T00:00:00Z");
  it("awareness is the share of sources heard from within a day; 0 with none", () => {
    expect(awarenessOf([], now)).toBe(0);
    expect(
      awarenessOf([new Date("2026-01-01T12:00:00Z"), new Date("2025-12-30T00:00:00Z")], now),
    ).toBe(0.5);
  });
  it("integration is the share of succeeded runs; 0 with none", () => {
    expect(integrationOf(4, 3)).toBe(0.75);
    expect(integrationOf(0, 0)).toBe(0);
  });
  it("harmony is 1 minus the weighted open alerts, capped", () => {
    expect(harmonyOf({})).toBe(1);
    expect(harmonyOf({ critical: 1, warning: 1 })).toBe(0.3);
    expect(needsRebalance(harmonyOf({ critical: 1, warning: 1 }))).toBe(false);
    expect(harmonyOf({ critical: 1, warning: 2 })).toBe(0.1);
    expect(needsRebalance(0.1)).toBe(true);
    expect(harmonyOf({ critical: 3 })).toBe(0);
    expect(harmonyOf({ info: 2 })).toBe(0.9);
  });
  it("accepts a level only in [0, 1]", () => {
    expect(ConsciousnessLevelBody.safeParse({ level: 0.5 }).success).toBe(true);
    expect(ConsciousnessLevelBody.safeParse({ level: 1.5 }).success).toBe(false);
    expect(ConsciousnessLevelBody.safeParse({ level: "high" }).success).toBe(false);
  });
});

describe("request statistics and Prometheus text", () => {
  it("takes nearest-rank quantiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile([], 0.5)).toBe(0);
  });
  it("renders HELP, TYPE and name{labels} value lines", () => {
    const text = renderPrometheus([
      { name: "aacos_cpu_percent", help: "CPU", type: "gauge", samples: [{ value: 12.5 }] },
      {
        name: "aacos_http_requests_total",
        help: "Requests",
        type: "counter",
        samples: [{ labels: { status: '2"00' }, value: 3 }],
      },
    ]);
    expect(text).toBe(
      [
        "# HELP aacos_cpu_percent CPU",
        "# TYPE aacos_cpu_percent gauge",
        "aacos_cpu_percent 12.5",
        "# HELP aacos_http_requests_total Requests",
        "# TYPE aacos_http_requests_total counter",
        'aacos_http_requests_total{status="2\\"00"} 3',
        "",
      ].join("\n"),
    );
  });
});
