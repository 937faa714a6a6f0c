// How often the error screen has shown in this tab (docs/product.md §2, §4, §9): more than 3 within the hour is "persistent";
// the count starts over 1 hour after the last error.

export const ERROR_COUNT_RESET_MS = 60 * 60_000;
/** More than this many errors within the hour turns the error screen into its persistent form. */
export const PERSISTENT_ERROR_THRESHOLD = 3;

export interface ErrorCount {
  count: number;
  lastAt: number;
}

const KEY = "aacos-error-count";

export function nextErrorCount(previous: ErrorCount | null, now: number): ErrorCount {
  if (previous === null || now - previous.lastAt >= ERROR_COUNT_RESET_MS) {
    return { count: 1, lastAt: now };
  }
  return { count: previous.count + 1, lastAt: now };
}

export function isPersistentError(count: number): boolean {
  return count > PERSISTENT_ERROR_THRESHOLD;
}

// Session storage: a reload (the error screen's first suggestion) must not hide that the error keeps coming back.
function readCount(): ErrorCount | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { count, lastAt } = value as Partial<ErrorCount>;
    return typeof count === "number" && typeof lastAt === "number" ? { count, lastAt } : null;
  } catch {
    return null;
  }
}

let memory: ErrorCount | null = null;

/** The count as it stands now (0 once an hour has passed since the last error). */
export function currentErrorCount(now: number = Date.now()): number {
  const stored = readCount() ?? memory;
  if (stored === null || now - stored.lastAt >= ERROR_COUNT_RESET_MS) return 0;
  return stored.count;
}

const counted = new WeakSet<object>();

/**
 * Counts one error and returns the new count. The same error object is counted once (React renders an error
 * screen more than once, twice under StrictMode).
 */
export function recordErrorOccurrence(error: unknown, now: number = Date.now()): number {
  if (typeof error === "object" && error !== null) {
    if (counted.has(error)) return currentErrorCount(now);
    counted.add(error);
  }
  const next = nextErrorCount(readCount() ?? memory, now);
  memory = next;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Blocked storage: the count lives in memory for this page.
  }
  return next.count;
}

export function resetErrorCount(): void {
  memory = null;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
