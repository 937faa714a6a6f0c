// Batching of a signal burst: one flush per frame, newest first, deduplicated, capped; the client-side filters.
import { describe, expect, it } from "vitest";
import { createFrameBatcher, matchesFilters, mergeNewest, type SignalView } from "./signal-batch";

function signal(id: number, extra: Partial<SignalView> = {}): SignalView {
  return {
    id,
    kind: "run",
    source: "engine",
    severity: "info",
    data: {},
    createdAt: "2026-01-01T00:00:00Z",
    ...extra,
  };
}

describe("signal batching", () => {
  it("hands a burst of 1,000 pushes over in one flush per frame", () => {
    const frames: (() => void)[] = [];
    const flushes: number[][] = [];
    const batcher = createFrameBatcher<number>(
      (items) => flushes.push(items),
      (run) => frames.push(run),
      () => {},
    );
    for (let i = 0; i < 1000; i += 1) batcher.push(i);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toHaveLength(1000);
    batcher.push(1000);
    expect(frames).toHaveLength(2);
  });

  it("merges newest on top, drops duplicates and keeps the newest 500", () => {
    const list = [signal(3), signal(2), signal(1)];
    expect(mergeNewest(list, [signal(4), signal(3)]).items.map((s) => s.id)).toEqual([4, 3, 2, 1]);
    const burst = Array.from({ length: 1000 }, (_, i) => signal(i + 10));
    const { items, trimmed } = mergeNewest(list, burst);
    expect(trimmed).toBe(true);
    expect(items).toHaveLength(500);
    expect(items[0]?.id).toBe(1009);
    expect(items[499]?.id).toBe(510);
  });

  it("filters by kind, severity and text", () => {
    const s = signal(1, {
      kind: "quota",
      severity: "warning",
      data: { note: "Tokens nearly used" },
    });
    expect(matchesFilters(s, { kind: "", severity: "", text: "" })).toBe(true);
    expect(matchesFilters(s, { kind: "quota", severity: "warning", text: "tokens" })).toBe(true);
    expect(matchesFilters(s, { kind: "run", severity: "", text: "" })).toBe(false);
    expect(matchesFilters(s, { kind: "", severity: "critical", text: "" })).toBe(false);
    expect(matchesFilters(s, { kind: "", severity: "", text: "nothing" })).toBe(false);
  });
});
