// Event countdowns: the time left split into days and zero-padded hours, minutes and seconds, and a clock that ticks
// every second while something still counts down (stopped when unmounted).
import { useEffect, useState } from "react";

export interface CountdownParts {
  days: number;
  hours: string;
  minutes: string;
  seconds: string;
}

/** Time left until `target`, never below zero, rounded up to whole seconds. */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    days: Math.floor(total / 86_400),
    hours: pad(Math.floor((total % 86_400) / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}

/** The current time, updated every second while `running`; the timer stops on unmount or when `running` turns false. */
export function useNow(running: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);
  return now;
}
