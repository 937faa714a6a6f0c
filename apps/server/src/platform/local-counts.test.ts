// In-process counts: never below zero, and a key at zero is forgotten.
import { describe, expect, it } from "vitest";
import { createLocalCounts } from "./local-counts.js";

describe("createLocalCounts", () => {
  it("adds up per key and forgets a key that reaches zero", () => {
    const counts = createLocalCounts();
    expect(counts.add("a", 1)).toBe(1);
    expect(counts.add("a", 1)).toBe(2);
    expect(counts.add("b", 1)).toBe(1);
    expect(counts.add("a", -1)).toBe(1);
    expect(counts.add("a", -1)).toBe(0);
    expect([counts.has("a"), counts.get("a")]).toEqual([false, 0]);
    expect([counts.has("b"), counts.get("b")]).toEqual([true, 1]);
  });

  it("does not go below zero", () => {
    const counts = createLocalCounts();
    expect(counts.add("a", -1)).toBe(0);
    expect(counts.has("a")).toBe(false);
  });
});
