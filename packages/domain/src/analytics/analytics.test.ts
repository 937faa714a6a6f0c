import { describe, expect, it } from "vitest";
import {
  AnalyticsQuery,
  checkRange,
  csvCell,
  monthlyRevenueOf,
  presetRange,
  reportCsv,
  resolveRange,
  toCsv,
} from "./index.js";

describe("the analytics query", () => {
  it("takes real calendar days, an interval and a format", () => {
    expect(
      AnalyticsQuery.parse({ from: "2024-02-29", to: "2024-03-01", interval: "week" }),
    ).toEqual({
      from: "2024-02-29",
      to: "2024-03-01",
      interval: "week",
      format: "json",
    });
    expect(AnalyticsQuery.safeParse({ from: "2025-02-29" }).success).toBe(false);
    expect(AnalyticsQuery.safeParse({ from: "2025-1-01" }).success).toBe(false);
    expect(AnalyticsQuery.safeParse({ interval: "year" }).success).toBe(false);
  });

  it("refuses a reversed or too long range", () => {
    const reversed = AnalyticsQuery.safeParse({ from: "2025-03-02", to: "2025-03-01" });
    expect(reversed.error?.issues[0]?.message).toBe(
      "The start date must not be after the end date",
    );
    expect(AnalyticsQuery.safeParse({ from: "2024-01-01", to: "2025-12-31" }).success).toBe(true);
    expect(AnalyticsQuery.safeParse({ from: "2024-01-01", to: "2026-01-01" }).success).toBe(false);
  });

  it("takes dates from 2000 to 2099 only", () => {
    for (const date of ["0001-01-01", "1999-12-31", "2100-01-01", "9999-12-31"]) {
      const parsed = AnalyticsQuery.safeParse({ from: date });
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ["from"],
        message: "Dates must be between 2000-01-01 and 2099-12-31",
      });
      expect(AnalyticsQuery.safeParse({ to: date }).error?.issues[0]?.path).toEqual(["to"]);
    }
    expect(AnalyticsQuery.safeParse({ from: "2000-01-01", to: "2000-01-02" }).success).toBe(true);
  });

  it("checks a range with one end left out against today", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const day = (query: { from?: string; to?: string }) =>
      checkRange({ ...query, interval: "day" }, now);
    expect(day({ from: "2024-11-25" })).toEqual({
      ok: true,
      range: { from: "2024-11-25", to: "2026-11-25", interval: "day" },
    });
    expect(day({ from: "2024-11-24" })).toEqual({
      ok: false,
      fields: {
        from: {
          message: "The range may cover at most 731 days",
          code: "range_too_long",
          params: { max: 731 },
        },
      },
    });
    expect(day({ from: "2000-01-01" })).toMatchObject({ ok: false });
    expect(day({ from: "2026-11-26" })).toEqual({
      ok: false,
      fields: {
        from: {
          message: "The start date must not be after the end date",
          code: "date_order",
          params: {},
        },
      },
    });
    expect(day({ to: "2000-01-01" })).toMatchObject({
      ok: true,
      range: { from: "1999-12-03", to: "2000-01-01" },
    });
  });

  it("defaults to the 30 days ending today (UTC), presets end today too", () => {
    const now = new Date("2026-03-01T23:30:00-05:00");
    expect(resolveRange({ interval: "day" }, now)).toEqual({
      from: "2026-02-01",
      to: "2026-03-02",
      interval: "day",
    });
    expect(resolveRange({ to: "2025-01-31", interval: "month" }, now).from).toBe("2025-01-02");
    expect(presetRange(7, new Date("2025-01-07T10:00:00Z"))).toEqual({
      from: "2025-01-01",
      to: "2025-01-07",
    });
  });
});

describe("CSV", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(toCsv(["a", "b"], [[1, "x\ny"]])).toBe('a,b\r\n1,"x\ny"\r\n');
  });

  it("writes a report's rows", () => {
    const range = { from: "2025-01-01", to: "2025-01-02", interval: "day" as const };
    expect(
      reportCsv({
        report: "quests",
        range,
        items: [{ questId: "first_api_call", name: "First contact", completions: 3 }],
      }),
    ).toBe("quest,name,completions\r\nfirst_api_call,First contact,3\r\n");
  });
});

describe("revenue", () => {
  it("counts a custom price as nothing", () => {
    expect(monthlyRevenueOf(49)).toBe(49);
    expect(monthlyRevenueOf(-1)).toBe(0);
    expect(monthlyRevenueOf(0)).toBe(0);
  });
});
