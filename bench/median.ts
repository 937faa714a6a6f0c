// The median of a bench's figures, shared by the benches that compare rounds (start-up, throughput, sign-in load).

/** The middle figure; for an even count the mean of the two middle ones (NaN for none). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
