// The stored query cache: kept for its user only, without secrets, within its size and age, gone when the user changes.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { isPersistable, persistQueries, SNAPSHOT_MAX_AGE_MS } from "./query-persistence";
import { readStorage, STORAGE_KEYS } from "./storage";

const T0 = Date.UTC(2026, 0, 1);

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe("query persistence", () => {
  it("restores the owner's last data into a new client, without the private queries", () => {
    const before = client();
    const saving = persistQueries(before, { now: () => T0 });
    saving.changeOwner("u1");
    before.setQueryData(["dashboard", "stats"], { xp: 120 });
    before.setQueryData(["settings", "api-keys"], [{ secret: "ak_live_1" }]);
    before.setQueryData(["teams", "invite", "tok123"], { team: "a" });
    saving.save();
    saving.stop();
    const stored = readStorage(STORAGE_KEYS.queryCache) ?? "";
    expect(stored).not.toContain("ak_live_1");
    expect(stored).not.toContain("tok123");

    const after = client();
    const restoring = persistQueries(after, { now: () => T0 + 1000 });
    expect(restoring.restore("u1")).toBe(true);
    expect(after.getQueryData(["dashboard", "stats"])).toEqual({ xp: 120 });
    expect(after.getQueryData(["settings", "api-keys"])).toBeUndefined();
    restoring.stop();

    const other = client();
    const stranger = persistQueries(other, { now: () => T0 + 1000 });
    expect(stranger.restore("u2")).toBe(false);
    expect(other.getQueryData(["dashboard", "stats"])).toBeUndefined();
    stranger.stop();
  });

  it("keeps data of screens the cache has let go, and forgets everything when the owner changes", () => {
    const cache = client();
    const persistence = persistQueries(cache, { now: () => T0 });
    persistence.changeOwner("u1");
    cache.setQueryData(["progress", "me"], { level: 3 });
    persistence.save();
    cache.removeQueries({ queryKey: ["progress"] });
    cache.setQueryData(["alerts"], []);
    persistence.save();
    expect(readStorage(STORAGE_KEYS.queryCache)).toContain('"level":3');

    persistence.changeOwner(null);
    expect(readStorage(STORAGE_KEYS.queryCache)).toBeNull();
    cache.setQueryData(["alerts"], [1]);
    persistence.save();
    expect(readStorage(STORAGE_KEYS.queryCache)).toBeNull();
    persistence.stop();
  });

  it("keeps the newest queries under the size cap, and nothing older than its age limit", () => {
    const cache = client();
    let now = T0;
    const persistence = persistQueries(cache, { now: () => now, maxChars: 600 });
    persistence.changeOwner("u1");
    cache.setQueryData(["old"], { text: "a".repeat(250) }, { updatedAt: T0 });
    cache.setQueryData(["new"], { text: "b".repeat(250) }, { updatedAt: T0 + 5 });
    cache.setQueryData(["newest"], { text: "c".repeat(250) }, { updatedAt: T0 + 9 });
    persistence.save();
    persistence.stop();
    const stored = readStorage(STORAGE_KEYS.queryCache) ?? "";
    expect(stored.length).toBeLessThan(1000);
    expect(stored).toContain("c".repeat(250));
    expect(stored).not.toContain("a".repeat(250));

    now = T0 + SNAPSHOT_MAX_AGE_MS + 1;
    const late = client();
    const restoring = persistQueries(late, { now: () => now });
    expect(restoring.restore("u1")).toBe(false);
    expect(late.getQueryData(["newest"])).toBeUndefined();
    restoring.stop();
  });

  it("never writes credentials, secrets or admin views to disk", () => {
    expect(isPersistable(["dashboard", "stats"])).toBe(true);
    expect(isPersistable(["chat", "conversations", "", null])).toBe(true);
    for (const key of [
      ["settings", "mfa"],
      ["settings", "sessions"],
      ["admin", "users", {}],
      ["admin-settings", "view"],
      ["billing", "requests", "admin"],
      ["teams", "invite", "token"],
    ]) {
      expect(isPersistable(key)).toBe(false);
    }
  });
});
