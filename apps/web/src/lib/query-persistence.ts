// The signed-in user's TanStack Query cache kept in local storage, so a reload without a network shows each screen's
// last data under the offline banner (issue 15, docs/decisions/183): one snapshot stamped with its user, merged as
// screens load, capped in size, never holding secrets, dropped at sign-out or when another user signs in.
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from "./storage";

/** Bumped when a change to the snapshot's shape (or to the replies it holds) makes older snapshots unreadable. */
const SNAPSHOT_VERSION = 1;
/** Characters of JSON kept at most (local storage holds about 5 M characters per origin, shared with the rest). */
export const SNAPSHOT_MAX_CHARS = 1_000_000;
/** Older data is not shown as "the last data": after a week away the user sees a screen's ordinary loading state. */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Writes are gathered: a screen's burst of replies is one write. */
const SAVE_DELAY_MS = 1000;

type PersistedQuery = DehydratedState["queries"][number];

interface Snapshot {
  version: number;
  userId: string;
  savedAt: number;
  queries: PersistedQuery[];
}

/** Roots whose data is a secret or a credential (API keys, MFA set-up, sessions, passkeys) or other users' data. */
const PRIVATE_ROOTS = new Set(["settings", "admin", "admin-settings"]);
/** Segments that mark a private query anywhere in its key (an invite's token, an admin's list). */
const PRIVATE_SEGMENTS = new Set(["admin", "invite"]);

/** Whether a query's data may be written to disk. */
export function isPersistable(key: QueryKey): boolean {
  const root = key[0];
  if (typeof root === "string" && PRIVATE_ROOTS.has(root)) return false;
  return !key.some((segment) => typeof segment === "string" && PRIVATE_SEGMENTS.has(segment));
}

function readSnapshot(): Snapshot | null {
  const raw = readStorage(STORAGE_KEYS.queryCache);
  if (raw === null) return null;
  try {
    const snapshot = JSON.parse(raw) as Snapshot;
    return snapshot?.version === SNAPSHOT_VERSION &&
      typeof snapshot.userId === "string" &&
      typeof snapshot.savedAt === "number" &&
      Array.isArray(snapshot.queries)
      ? snapshot
      : null;
  } catch {
    return null;
  }
}

/** The newest queries that fit under the cap (one query larger than the cap is never kept). */
function capped(queries: PersistedQuery[], maxChars: number): PersistedQuery[] {
  const newestFirst = [...queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: PersistedQuery[] = [];
  let size = 0;
  for (const query of newestFirst) {
    const length = JSON.stringify(query).length;
    if (size + length > maxChars) continue;
    size += length;
    kept.push(query);
  }
  return kept;
}

export interface QueryPersistence {
  /** The user whose data the cache (and the snapshot) holds, or null. */
  owner: () => string | null;
  /** Puts the snapshot of `userId` (if there is a fresh one) into the cache; it becomes the owner. */
  restore: (userId: string) => boolean;
  /** Another user (or nobody) from now on: the snapshot is deleted and nothing of the previous owner is kept. */
  changeOwner: (userId: string | null) => void;
  /** Writes the snapshot now (otherwise it is written a second after the cache changed). */
  save: () => void;
  stop: () => void;
}

export function persistQueries(
  client: QueryClient,
  options: { now?: () => number; maxChars?: number } = {},
): QueryPersistence {
  const now = options.now ?? Date.now;
  const maxChars = options.maxChars ?? SNAPSHOT_MAX_CHARS;
  let owner: string | null = null;
  // Queries of the snapshot the cache no longer holds (collected after a screen closed): still the last data.
  let kept = new Map<string, PersistedQuery>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (owner === null) return;
    const fresh = dehydrate(client, {
      shouldDehydrateQuery: (query: Query) =>
        query.state.status === "success" && isPersistable(query.queryKey),
      shouldDehydrateMutation: () => false,
    }).queries;
    const merged = new Map(kept);
    // A promise of a query in flight is not data.
    for (const query of fresh) merged.set(query.queryHash, { ...query, promise: undefined });
    const queries = capped([...merged.values()], maxChars);
    kept = new Map(queries.map((query) => [query.queryHash, query]));
    const snapshot: Snapshot = {
      version: SNAPSHOT_VERSION,
      userId: owner,
      savedAt: now(),
      queries,
    };
    writeStorage(STORAGE_KEYS.queryCache, JSON.stringify(snapshot));
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (owner === null || timer !== undefined) return;
    if (event.type === "updated" && event.action.type !== "success") return;
    if (event.type !== "updated" && event.type !== "removed") return;
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  const onHide = () => {
    if (timer !== undefined) save();
  };
  window.addEventListener("pagehide", onHide);

  return {
    owner: () => owner,
    restore: (userId) => {
      owner = userId;
      const snapshot = readSnapshot();
      if (snapshot === null || snapshot.userId !== userId) return false;
      if (now() - snapshot.savedAt > SNAPSHOT_MAX_AGE_MS) return false;
      const queries = snapshot.queries.filter((query) => isPersistable(query.queryKey));
      // Stored data shows at once but is never taken as fresh: a reload asks the server again, whatever a query's
      // staleTime says.
      hydrate(client, {
        mutations: [],
        queries: queries.map((query) => ({
          ...query,
          state: { ...query.state, isInvalidated: true },
        })),
      });
      kept = new Map(queries.map((query) => [query.queryHash, query]));
      return true;
    },
    changeOwner: (userId) => {
      clearTimeout(timer);
      timer = undefined;
      owner = userId;
      kept = new Map();
      removeStorage(STORAGE_KEYS.queryCache);
    },
    save,
    stop: () => {
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener("pagehide", onHide);
    },
  };
}
