// An in-process order-statistic list of players: highest experience first, equal experience by user id ascending
// (docs/decisions/220-leaderboard-index.md). Kept as sorted chunks of at most CHUNK entries, so an insert or removal
// moves at most a chunk, a position sums chunk sizes and one binary search, and the top 100 is a slice.

export interface Standing {
  userId: string;
  experience: number;
}

/** Largest chunk before it is split in two. */
const CHUNK = 1024;

/** Whether `a` is listed before `b`: more experience first, then the smaller user id. */
function before(a: Standing, b: Standing): boolean {
  return a.experience > b.experience || (a.experience === b.experience && a.userId < b.userId);
}

export class OrderedBoard {
  private chunks: Standing[][] = [];
  private readonly byUser = new Map<string, Standing>();

  get size(): number {
    return this.byUser.size;
  }

  experienceOf(userId: string): number | undefined {
    return this.byUser.get(userId)?.experience;
  }

  /** Replaces the whole board (start-up rebuild): sorted once, cut into chunks. */
  load(standings: Standing[]): void {
    this.byUser.clear();
    for (const { userId, experience } of standings) this.byUser.set(userId, { userId, experience });
    const sorted = [...this.byUser.values()].sort((a, b) => (before(a, b) ? -1 : 1));
    this.chunks = [];
    for (let at = 0; at < sorted.length; at += CHUNK / 2) {
      this.chunks.push(sorted.slice(at, at + CHUNK / 2));
    }
  }

  set(userId: string, experience: number): void {
    const old = this.byUser.get(userId);
    if (old !== undefined) {
      if (old.experience === experience) return;
      this.take(old);
    }
    const standing = { userId, experience };
    this.byUser.set(userId, standing);
    this.put(standing);
  }

  remove(userId: string): void {
    const old = this.byUser.get(userId);
    if (old === undefined) return;
    this.take(old);
    this.byUser.delete(userId);
  }

  /** How many players have more experience than `experience`. */
  countAbove(experience: number): number {
    // The first entry with experience <= the given one sorts after every entry above it.
    const probe = { userId: "", experience };
    let above = 0;
    for (const chunk of this.chunks) {
      const last = chunk[chunk.length - 1];
      if (last !== undefined && last.experience > experience) {
        above += chunk.length;
        continue;
      }
      return above + lowerBound(chunk, probe);
    }
    return above;
  }

  top(limit: number): Standing[] {
    const result: Standing[] = [];
    for (const chunk of this.chunks) {
      for (const standing of chunk) {
        if (result.length >= limit) return result;
        result.push({ userId: standing.userId, experience: standing.experience });
      }
    }
    return result;
  }

  /** The first chunk whose last entry does not sort before `standing` (the last chunk when every one does). */
  private chunkFor(standing: Standing): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      const chunk = this.chunks[middle] ?? [];
      const last = chunk[chunk.length - 1];
      if (last !== undefined && before(last, standing)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private put(standing: Standing): void {
    if (this.chunks.length === 0) {
      this.chunks.push([standing]);
      return;
    }
    const index = this.chunkFor(standing);
    const chunk = this.chunks[index] ?? [];
    chunk.splice(lowerBound(chunk, standing), 0, standing);
    if (chunk.length > CHUNK) this.chunks.splice(index + 1, 0, chunk.splice(CHUNK / 2));
  }

  private take(standing: Standing): void {
    const index = this.chunkFor(standing);
    const chunk = this.chunks[index];
    if (chunk === undefined) return;
    const at = lowerBound(chunk, standing);
    if (chunk[at]?.userId !== standing.userId) return;
    chunk.splice(at, 1);
    if (chunk.length === 0) this.chunks.splice(index, 1);
  }
}

/** The first index in `chunk` whose entry does not sort before `probe`. */
function lowerBound(chunk: Standing[], probe: Standing): number {
  let low = 0;
  let high = chunk.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const entry = chunk[middle];
    if (entry !== undefined && before(entry, probe)) low = middle + 1;
    else high = middle;
  }
  return low;
}
