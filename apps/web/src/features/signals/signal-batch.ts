// Keeping up with a burst: incoming signals are held and merged once per animation frame, newest on top, deduplicated
// by id and capped to the newest `cap` (the rest come back through "load older").
import type { SignalView } from "@aacos/domain/replies";

export type { SignalView };

export const RENDER_CAP = 500;

/** Merges `incoming` (any order) into `list` (newest first); returns the new list and whether older ones were cut. */
export function mergeNewest(
  list: readonly SignalView[],
  incoming: readonly SignalView[],
  cap = RENDER_CAP,
): { items: SignalView[]; trimmed: boolean } {
  if (incoming.length === 0) return { items: [...list], trimmed: false };
  const seen = new Set<number>();
  const merged: SignalView[] = [];
  for (const signal of [...incoming].sort((a, b) => b.id - a.id).concat(list)) {
    if (seen.has(signal.id)) continue;
    seen.add(signal.id);
    merged.push(signal);
  }
  merged.sort((a, b) => b.id - a.id);
  return merged.length > cap
    ? { items: merged.slice(0, cap), trimmed: true }
    : { items: merged, trimmed: false };
}

/** Collects items and hands them over in one call per animation frame. */
export function createFrameBatcher<T>(
  flush: (items: T[]) => void,
  schedule: (run: () => void) => number = (run) =>
    typeof requestAnimationFrame === "function"
      ? requestAnimationFrame(run)
      : (setTimeout(run, 16) as unknown as number),
  cancel: (handle: number) => void = (handle) => {
    if (typeof cancelAnimationFrame === "function") cancelAnimationFrame(handle);
    clearTimeout(handle);
  },
) {
  let held: T[] = [];
  let handle: number | null = null;
  return {
    push(item: T): void {
      held.push(item);
      if (handle !== null) return;
      handle = schedule(() => {
        handle = null;
        const items = held;
        held = [];
        flush(items);
      });
    },
    dispose(): void {
      if (handle !== null) cancel(handle);
      handle = null;
      held = [];
    },
  };
}

export function matchesFilters(
  signal: SignalView,
  filters: { kind: string; severity: string; text: string },
): boolean {
  if (filters.kind !== "" && signal.kind !== filters.kind) return false;
  if (filters.severity !== "" && signal.severity !== filters.severity) return false;
  const text = filters.text.trim().toLowerCase();
  if (text === "") return true;
  const haystack = `${signal.kind} ${signal.source} ${signal.severity} ${JSON.stringify(signal.data ?? "")}`;
  return haystack.toLowerCase().includes(text);
}
