// The monitoring screen's in-memory series and chart path: ordered, deduplicated, 15 minutes kept; points outside
// the range are not drawn.
import { describe, expect, it } from "vitest";
import { chartData } from "../../ui/live-line-chart";
import { addSamples, sampleOfMessage } from "./metric-samples";

describe("metric samples", () => {
  it("keeps samples ordered, without duplicates, for 15 minutes", () => {
    const now = 20 * 60_000;
    const list = addSamples([], [{ at: now - 1000, cpuPercent: 2, memoryPercent: 3 }], now);
    const next = addSamples(
      list,
      [
        { at: now - 16 * 60_000, cpuPercent: 9, memoryPercent: 9 },
        { at: now, cpuPercent: 4, memoryPercent: 5 },
        { at: now - 1000, cpuPercent: 2, memoryPercent: 3 },
      ],
      now,
    );
    expect(next.map((s) => s.at)).toEqual([now - 1000, now]);
  });

  it("reads a metrics message", () => {
    expect(
      sampleOfMessage({
        type: "metrics",
        at: "2026-01-01T00:00:00Z",
        values: { cpuPercent: 12, memoryPercent: 40 },
      }),
    ).toEqual({ at: Date.parse("2026-01-01T00:00:00Z"), cpuPercent: 12, memoryPercent: 40 });
    expect(sampleOfMessage({ type: "metrics", at: "x", values: {} })).toBeNull();
  });

  it("draws only the points within the range", () => {
    const points = [
      { at: 0, value: 50 },
      { at: 100, value: 0 },
      { at: 200, value: 100 },
    ];
    expect(chartData(points, 100, 200, 100)).toEqual([
      [0.1, 0.2],
      [0, 100],
    ]);
  });
});
