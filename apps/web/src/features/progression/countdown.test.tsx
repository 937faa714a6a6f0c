// Countdown formatting, and the clock that ticks every second until unmounted.
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countdownParts, useNow } from "./countdown";

describe("countdownParts", () => {
  const now = Date.UTC(2026, 0, 1, 0, 0, 0);

  it("splits the time left into days and zero-padded hours, minutes and seconds", () => {
    const target = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(target, now)).toEqual({
      days: 2,
      hours: "03",
      minutes: "04",
      seconds: "05",
    });
  });

  it("rounds part seconds up and never goes below zero", () => {
    expect(countdownParts(now + 59_001, now)).toEqual({
      days: 0,
      hours: "00",
      minutes: "01",
      seconds: "00",
    });
    expect(countdownParts(now - 5000, now)).toEqual({
      days: 0,
      hours: "00",
      minutes: "00",
      seconds: "00",
    });
  });
});

function Clock({ running }: { running: boolean }) {
  return <p data-testid="now">{useNow(running)}</p>;
}

describe("useNow", () => {
  afterEach(() => vi.useRealTimers());

  it("ticks every second and stops when unmounted", () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    const view = render(<Clock running />);
    const first = Number(screen.getByTestId("now").textContent);
    act(() => vi.advanceTimersByTime(3000));
    expect(Number(screen.getByTestId("now").textContent)).toBe(first + 3000);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not tick when nothing counts down", () => {
    vi.useFakeTimers();
    render(<Clock running={false} />);
    expect(vi.getTimerCount()).toBe(0);
  });
});
