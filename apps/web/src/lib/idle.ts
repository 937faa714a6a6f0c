// Start-up work the first screen does not need runs when the browser is idle, and start-up's steps give the browser a
// turn between them, so the app's start is a row of short tasks rather than a few long ones (Lighthouse's total
// blocking time, docs/decisions/174).

/** Runs `work` when the main thread is idle, or after `timeoutMs` at the latest. */
export function whenIdle(work: () => void, timeoutMs = 3000): void {
  if (typeof window.requestIdleCallback === "function")
    window.requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 0);
}

/** Resolves in a later task, after the browser has had the chance to paint and handle input. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
