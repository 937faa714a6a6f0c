// Test clocks: every test that reads "now" through the app starts from a fixed instant, never the machine's date,
// so a run gives the same result on any day, at any hour and in any time zone (docs/decisions/140-test-clocks.md).

/** Noon UTC on a Tuesday: far from the UTC day's edges, so a test's minutes never straddle midnight. */
export const TEST_NOW = "2026-11-24T12:00:00.000Z";

export interface TestClock {
  /** The current instant: the start, plus the real time elapsed if the clock ticks, plus every move. */
  (): Date;
  /** Moves the clock on (or back, with a negative amount). */
  advance(ms: number): void;
  /** Puts the clock at an instant; a ticking clock goes on ticking from there. */
  set(at: string | Date): void;
}

/**
 * A clock that starts at `start`. By default it ticks with the real time elapsed (measured on the monotonic clock),
 * so durations, timeouts and "newest first" behave as in production; `ticking: false` keeps it still until moved.
 */
export function testClock(
  start: string | Date = TEST_NOW,
  options: { ticking?: boolean } = {},
): TestClock {
  const ticking = options.ticking ?? true;
  const elapsed = () => (ticking ? performance.now() : 0);
  let base = new Date(start).getTime() - elapsed();
  const clock = () => new Date(base + elapsed());
  clock.advance = (ms: number) => {
    base += ms;
  };
  clock.set = (at: string | Date) => {
    base = new Date(at).getTime() - elapsed();
  };
  return clock;
}
