// The signal hub: GET /api/signals (filters, cursor, newest first), retention by tier, and the hooks that feed it.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signals } from "../../db/schema.js";
import { createApiKey, createUser, type SignedInUser, someAddress } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import type { SignalPage } from "./index.js";

const DAY_MS = 86_400_000;
let test: TestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  owner = await createUser(test.app, { tier: "infinity" });
  other = await createUser(test.app, { tier: "infinity" });
});
afterAll(() => test.close());

async function list(user: SignedInUser, query = ""): Promise<SignalPage> {
  const response = await request(test.app, user, "GET", `/api/signals${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as SignalPage;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

describe("GET /api/signals", () => {
  it("lists the user's signals newest first, filtered, by cursor", async () => {
    const hub = test.app.services.signals;
    const emitted = [];
    for (let index = 0; index < 5; index += 1) {
      emitted.push(
        await hub.emit(owner.id, {
          kind: index % 2 === 0 ? "run" : "quota",
          source: index % 2 === 0 ? "probe" : "probe-quota",
          severity: index === 4 ? "critical" : "info",
          data: { index },
        }),
      );
    }
    await hub.emit(other.id, { kind: "run", source: "probe", severity: "info", data: {} });

    const all = await list(owner, "?kind=run&source=probe");
    expect(all.items.map((item) => item.data.index)).toEqual([4, 2, 0]);
    expect(all.items[0]).toMatchObject({ kind: "run", source: "probe", severity: "critical" });
    expect(typeof all.items[0]?.createdAt).toBe("string");
    expect(all.nextCursor).toBeNull();

    // Only this test's signals: signing in makes progression signals of its own.
    const first = await list(owner, "?limit=2&kind=run");
    expect(first.items.map((item) => item.id)).toEqual([emitted[4]?.id, emitted[2]?.id]);
    expect(first.nextCursor).toBe(emitted[2]?.id);
    const last = await list(owner, `?limit=2&kind=run&after=${first.nextCursor}`);
    expect(last.items.map((item) => item.id)).toEqual([emitted[0]?.id]);
    expect(last.nextCursor).toBeNull();

    expect((await list(owner, "?severity=critical")).items).toHaveLength(1);
    expect((await list(owner, "?kind=quota&source=probe-quota")).items).toHaveLength(2);
    const future = new Date(Date.now() + DAY_MS).toISOString();
    expect((await list(owner, `?since=${encodeURIComponent(future)}`)).items).toHaveLength(0);
    expect((await list(other, "?source=probe")).items).toHaveLength(1);
  });

  it("refuses bad filters with 400 and strangers with 401", async () => {
    for (const query of [
      "?limit=0",
      "?limit=201",
      "?severity=loud",
      "?after=x",
      "?since=yesterday",
    ]) {
      const response = await request(test.app, owner, "GET", `/api/signals${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    const anonymous = await test.app.inject({ method: "GET", url: "/api/signals" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("retention", () => {
  it("prunes signals past the owner's tier retention", async () => {
    const genesis = await createUser(test.app, { tier: "genesis" });
    const quantum = await createUser(test.app, { tier: "quantum" });
    const old = new Date(Date.now() - 10 * DAY_MS);
    const base = { kind: "run", source: "chat", severity: "info", data: {} };
    await test.database.db.insert(signals).values([
      { ...base, userId: genesis.id, createdAt: old },
      { ...base, userId: genesis.id },
      { ...base, userId: quantum.id, createdAt: old },
    ]);
    const { deleted } = await test.app.services.signals.prune();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = async (userId: string) =>
      (
        await test.database.db
          .select()
          .from(signals)
          .where(and(eq(signals.userId, userId), eq(signals.kind, "run")))
      ).length;
    expect(await left(genesis.id)).toBe(1);
    expect(await left(quantum.id)).toBe(1);
  });
});

describe("hooks", () => {
  it("records a quota refusal as a quota signal", async () => {
    const user = await createUser(test.app, { tier: "genesis" });
    // A script's calls count against the plan (the web app's own reads do not).
    const script = (await createApiKey(test.app, user, { scopes: ["read"] })).auth;
    const address = someAddress();
    let refused = false;
    for (let call = 0; call < 12 && !refused; call += 1) {
      const response = await test.app.inject({
        method: "GET",
        url: "/api/dashboard/stats",
        headers: script,
        remoteAddress: address,
      });
      refused = response.statusCode === 429;
    }
    expect(refused).toBe(true);
    // Hammering past the limit does not write a signal per refused call.
    for (let call = 0; call < 5; call += 1) {
      await test.app.inject({
        method: "GET",
        url: "/api/dashboard/stats",
        headers: script,
        remoteAddress: address,
      });
    }
    const page = await until(
      () => test.app.services.signals.list(user.id, { kind: "quota", limit: 10 }),
      (found) => found.items.length > 0,
    );
    expect(page.items[0]).toMatchObject({
      kind: "quota",
      source: "metering",
      severity: "warning",
      data: { reason: "apiCallsPerMinute", message: "Rate limit exceeded: 10 calls per minute" },
    });
    expect(page.items).toHaveLength(1);
  });

  it("records a signed-in user's security report", async () => {
    const user = await createUser(test.app, { tier: "infinity" });
    const response = await test.app.inject({
      method: "POST",
      url: "/api/security/events",
      headers: user.auth,
      remoteAddress: someAddress(),
      payload: { activity: "devtools-open", count: 2 },
    });
    expect(response.statusCode).toBe(202);
    const page = await until(
      () => test.app.services.signals.list(user.id, { kind: "security", limit: 10 }),
      (found) => found.items.length > 0,
    );
    expect(page.items[0]?.data).toEqual({ activity: "devtools-open", count: 2 });
  });

  it("records progression events from the progression seam", async () => {
    const user = await createUser(test.app, { tier: "infinity" });
    await test.app.services.progression.recordSignIn(user.id);
    const page = await until(
      () => test.app.services.signals.list(user.id, { kind: "progression", limit: 10 }),
      (found) => found.items.length > 0,
    );
    expect(page.items.map((item) => item.source)).toContain("daily-bonus");
  });
});
