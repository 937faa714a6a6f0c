// The analytics screen's parts: the range in the address, the range picker's presets and its custom-range rules,
// and the retention heat-table's cells.
import type { AnalyticsRange } from "@aacos/domain/analytics";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { renderAt } from "../../test-utils";
import { thin } from "./chart-data";
import { RangeControls } from "./range-controls";
import { RetentionTable, shadeOf } from "./retention-table";
import { matchingPreset, rangeFromParams } from "./use-analytics-range";

afterEach(() => applyLanguage("he"));

describe("the range in the address", () => {
  const now = new Date("2025-03-31T12:00:00Z");

  it("reads a valid range and falls back to 30 days for a bad one", () => {
    expect(
      rangeFromParams(new URLSearchParams("from=2025-01-01&to=2025-01-31&interval=week"), now),
    ).toEqual({ from: "2025-01-01", to: "2025-01-31", interval: "week" });
    expect(rangeFromParams(new URLSearchParams("from=2025-02-01&to=2025-01-01"), now)).toEqual({
      from: "2025-03-02",
      to: "2025-03-31",
      interval: "day",
    });
  });

  it("knows which preset a range is", () => {
    expect(matchingPreset({ from: "2025-03-25", to: "2025-03-31", interval: "day" }, now)).toBe(7);
    expect(matchingPreset({ from: "2025-01-01", to: "2025-03-31", interval: "day" }, now)).toBe(90);
    expect(
      matchingPreset({ from: "2025-03-01", to: "2025-03-30", interval: "day" }, now),
    ).toBeNull();
  });
});

describe("RangeControls", () => {
  it("applies a preset, switches the interval and refuses a reversed custom range", () => {
    act(() => applyLanguage("en"));
    const changes: AnalyticsRange[] = [];
    const range: AnalyticsRange = { from: "2025-01-01", to: "2025-01-31", interval: "day" };
    // Late on 31 March in UTC: the presets end on that UTC day, whatever the machine's zone and date.
    const clock = () => new Date("2025-03-31T23:30:00Z");
    renderAt("/", {
      "/": <RangeControls range={range} onChange={(next) => changes.push(next)} clock={clock} />,
    });
    fireEvent.click(screen.getByTestId("analytics-preset-7"));
    expect(changes[0]).toEqual({ from: "2025-03-25", to: "2025-03-31", interval: "day" });
    fireEvent.click(screen.getByTestId("analytics-interval-month"));
    expect(changes[1]).toEqual({ ...range, interval: "month" });
    fireEvent.change(screen.getByTestId("analytics-from"), { target: { value: "2025-02-10" } });
    fireEvent.click(screen.getByTestId("analytics-apply"));
    expect(screen.getByTestId("analytics-range-error").textContent).toBe(
      "The start date must not be after the end date.",
    );
    expect(changes).toHaveLength(2);
    fireEvent.change(screen.getByTestId("analytics-from"), { target: { value: "2025-01-10" } });
    fireEvent.click(screen.getByTestId("analytics-apply"));
    expect(changes[2]).toEqual({ from: "2025-01-10", to: "2025-01-31", interval: "day" });
  });

  it("names the dates it takes when a custom range starts before 2000", () => {
    const changes: AnalyticsRange[] = [];
    const range: AnalyticsRange = { from: "2025-01-01", to: "2025-01-31", interval: "day" };
    renderAt("/", { "/": <RangeControls range={range} onChange={(next) => changes.push(next)} /> });
    fireEvent.change(screen.getByTestId("analytics-from"), { target: { value: "1999-12-31" } });
    fireEvent.click(screen.getByTestId("analytics-apply"));
    expect(screen.getByTestId("analytics-range-error").textContent).toBe(
      "התאריכים חייבים להיות בין 2000-01-01 ל-2099-12-31.",
    );
    expect(changes).toHaveLength(0);
  });
});

describe("RetentionTable", () => {
  it("writes each cohort's share per week with a shade step", () => {
    act(() => applyLanguage("en"));
    renderAt("/", {
      "/": (
        <RetentionTable
          cohorts={[
            {
              cohort: "2025-01-06",
              size: 3,
              weeks: [
                { week: 0, active: 3, share: 1 },
                { week: 1, active: 1, share: 0.3333 },
              ],
            },
            { cohort: "2025-01-13", size: 1, weeks: [{ week: 0, active: 0, share: 0 }] },
          ]}
          formatDate={(date) => date}
          formatNumber={String}
          formatShare={(share) => `${Math.round(share * 100)}%`}
        />
      ),
    });
    const rows = screen.getAllByTestId("retention-row").map((row) => row.textContent);
    expect(rows).toEqual(["2025-01-063100%33%", "2025-01-1310%"]);
    expect(screen.getByText("Week 1")).toBeTruthy();
    expect(shadeOf(0)).toBe("bg-surface text-fg");
    expect(shadeOf(1)).toBe("bg-accent text-on-accent");
    expect(shadeOf(0.3333)).toBe("bg-primary/20 text-fg");
  });
});

describe("axis labels", () => {
  it("keeps at most the given number of buckets, the first always", () => {
    const days = Array.from({ length: 30 }, (_, i) => `d${i}`);
    expect(thin(days, 5)).toEqual(["d0", "d6", "d12", "d18", "d24"]);
    expect(thin(days.slice(0, 3), 5)).toEqual(["d0", "d1", "d2"]);
  });
});
