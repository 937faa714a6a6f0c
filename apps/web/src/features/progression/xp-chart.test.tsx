// The XP history chart: one point, many points, cumulative totals, and the table alternative for screen readers.
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { renderAt } from "../../test-utils";
import type { LedgerItem } from "./api";
import { XpChart } from "./xp-chart";
import { niceMax, placePoints, xpPoints } from "./xp-history";

function row(
  id: number,
  xp: number,
  minutes: number,
  source = "apiCall",
  reason = "API call",
): LedgerItem {
  return {
    id,
    xp,
    tokens: 0,
    reason,
    source,
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, minutes)).toISOString(),
  };
}

describe("XpChart", () => {
  beforeEach(() => applyLanguage("en"));
  afterEach(() => applyLanguage("he"));

  it("draws one point in the middle, with its table row", () => {
    renderAt("/", {
      "/": (
        <XpChart
          history={{ items: [row(1, 0, 0, "start", "Starting tokens")], total: 1, xpBefore: 0 }}
        />
      ),
    });
    const chart = screen.getByTestId("xp-chart");
    expect(within(chart).getByRole("img", { name: "Cumulative XP over time" })).toBeInTheDocument();
    const points = within(chart).getAllByTestId("xp-chart-point");
    expect(points).toHaveLength(1);
    expect(Number(points[0]?.getAttribute("cx"))).toBeCloseTo(56 + (640 - 56 - 16) / 2);
    const rows = within(screen.getByTestId("xp-chart-table")).getAllByRole("row");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent("Starting tokens");
    expect(screen.getByTestId("xp-chart-caption")).toHaveTextContent("The only ledger entry.");
  });

  it("draws many points of cumulative XP, left to right in time, and lists each in the table", () => {
    const items = [
      row(1, 0, 0, "start"),
      row(2, 10, 1, "dailySignIn"),
      row(3, 50, 2, "universeCreated"),
      row(4, 100, 5, "quest", "Quest completed: Big bang"),
    ];
    renderAt("/", { "/": <XpChart history={{ items, total: 4, xpBefore: 0 }} /> });
    const points = screen.getAllByTestId("xp-chart-point");
    expect(points).toHaveLength(4);
    const xs = points.map((point) => Number(point.getAttribute("cx")));
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    const ys = points.map((point) => Number(point.getAttribute("cy")));
    expect(ys[3]).toBeLessThan(ys[0] ?? 0);
    const table = screen.getByTestId("xp-chart-table");
    const cells = within(table)
      .getAllByRole("row")
      .map((tr) => tr.textContent);
    expect(cells[2]).toContain("Daily sign-in");
    // Shown by its source: the server's English reason is never shown.
    expect(cells[4]).toContain("Quest completed");
    expect(cells[4]).toContain("160");
  });

  it("says so honestly when there is no ledger row", () => {
    renderAt("/", { "/": <XpChart history={{ items: [], total: 0, xpBefore: 0 }} /> });
    expect(screen.getByTestId("xp-chart-empty")).toBeVisible();
  });

  it("accumulates from the XP before the page shown, and picks round axis maxima", () => {
    const points = xpPoints({ items: [row(201, 5, 0), row(202, 5, 1)], total: 202, xpBefore: 990 });
    expect(points.map((point) => point.total)).toEqual([995, 1000]);
    expect(niceMax(1000)).toBe(1000);
    expect(niceMax(1001)).toBe(2000);
    expect(niceMax(3)).toBe(10);
    const placed = placePoints(
      points,
      { width: 100, height: 100, left: 0, right: 0, top: 0, bottom: 0 },
      1000,
    );
    expect(placed.map((point) => point.x)).toEqual([0, 100]);
    expect(placed[1]?.y).toBe(0);
  });
});
