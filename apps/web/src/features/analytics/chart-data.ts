// Chart helpers without uPlot (it needs a browser to load): x values and axis-label thinning.

/** Bucket dates (YYYY-MM-DD, UTC) as uPlot's x values: seconds since the epoch. */
export function bucketSeconds(buckets: readonly string[]): number[] {
  return buckets.map((bucket) => Date.parse(`${bucket}T00:00:00Z`) / 1000);
}

/** At most `count` evenly spaced buckets (always the first), for axis labels that do not collide. */
export function thin(buckets: readonly string[], count: number): string[] {
  if (count <= 1 || buckets.length <= count) return [...buckets];
  const step = Math.ceil(buckets.length / count);
  return buckets.filter((_, index) => index % step === 0);
}
