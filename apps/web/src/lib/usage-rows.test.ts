// The usage panel's countdowns: minutes and hours as a clock reads them, and never longer than the window itself.
import { describe, expect, it } from "vitest";
import { countdown, resetCountdown } from "./usage-rows";

describe("countdown", () => {
  it("reads seconds as m:ss and hours as h:mm:ss, rounding up and stopping at zero", () => {
    expect([countdown(42), countdown(41.2), countdown(3725), countdown(-3)]).toEqual([
      "0:42",
      "0:42",
      "1:02:05",
      "0:00",
    ]);
  });
});

describe("resetCountdown", () => {
  it("counts a fresh minute down from 1:00, not 1:01, when the reply is newer than the last tick", () => {
    const lastTick = Date.UTC(2026, 11, 4, 18, 0, 0);
    const resetAt = lastTick + 60_700;
    expect(resetCountdown(resetAt, lastTick, 60)).toBe("1:00");
    expect(resetCountdown(resetAt, lastTick + 30_000, 60)).toBe("0:31");
    expect(resetCountdown(lastTick + 3_600_500, lastTick, 3600)).toBe("1:00:00");
  });
});
