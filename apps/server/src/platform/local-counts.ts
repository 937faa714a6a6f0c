// Counts per key held in this process, where a count shared through Redis cannot be: a key reaching zero is forgotten,
// so the map holds only the keys counted now.

export interface LocalCounts {
  /** Adds `delta` (never below zero) and answers the key's new count. */
  add(key: string, delta: number): number;
  get(key: string): number;
  has(key: string): boolean;
}

export function createLocalCounts(): LocalCounts {
  const counts = new Map<string, number>();
  return {
    add(key, delta) {
      const next = Math.max(0, (counts.get(key) ?? 0) + delta);
      if (next === 0) counts.delete(key);
      else counts.set(key, next);
      return next;
    },
    get: (key) => counts.get(key) ?? 0,
    has: (key) => counts.has(key),
  };
}
