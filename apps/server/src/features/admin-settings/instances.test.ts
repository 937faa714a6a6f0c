// Two instances on one PostgreSQL and one Redis: an admin's change on one is enforced by the other within seconds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTwoInstances } from "../../test/cluster.js";
import { createUser, someAddress } from "../../test/factories.js";
import { request } from "../../test/helper.js";

const scaleOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let twins: Awaited<ReturnType<typeof buildTwoInstances>> | undefined;

beforeAll(async () => {
  if (scaleOut) twins = await buildTwoInstances();
}, 60_000);
afterAll(async () => {
  await twins?.close();
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 6_000;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe.runIf(scaleOut)("settings across instances", () => {
  it("lets instance B enforce a per-minute limit an admin lowered on instance A", async () => {
    if (twins === undefined) throw new Error("setup");
    const [a, b] = twins.apps;
    const admin = await createUser(a, { roles: ["user", "admin"], tier: "infinity" });
    const user = await createUser(a, { tier: "quantum" });
    const onB = (url: string) =>
      b.inject({ method: "GET", url, headers: user.auth, remoteAddress: someAddress() });
    expect((await onB("/api/usage/me")).json().limits.apiCallsPerMinute).toBe(60);

    const put = (url: string, payload: Record<string, unknown>) =>
      a.inject({ method: "PUT", url, headers: admin.auth, payload });
    expect(
      (await put("/api/admin/settings/tiers/quantum", { limits: { apiCallsPerMinute: 3 } }))
        .statusCode,
    ).toBe(200);
    // The genesis world's own 10 a minute would win otherwise (the larger limit counts).
    await put("/api/admin/settings/worlds/genesis", { limits: { apiCallsPerMinute: 1 } });

    const usage = await eventually(
      () => onB("/api/usage/me").then((response) => response.json()),
      (body) => body.limits.apiCallsPerMinute === 3,
    );
    expect(usage.limits.apiCallsPerMinute).toBe(3);
    // Plan windows count calls made with a personal API key (decision 160), not the web app's own reads.
    const created = await request(a, user, "POST", "/api/me/api-keys", {
      name: "script",
      scopes: ["read"],
    });
    expect(created.statusCode).toBe(201);
    const byKey = (url: string) =>
      b.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${created.json().key}` },
        remoteAddress: someAddress(),
      });
    for (let call = 0; call < 3; call++) {
      expect((await byKey("/api/users/profile")).statusCode).toBe(200);
    }
    const refused = await byKey("/api/users/profile");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe("Rate limit exceeded: 3 calls per minute");
    const catalog = (await b.inject({ method: "GET", url: "/api/catalog" })).json();
    expect(catalog.tiers[1].limits.apiCallsPerMinute).toBe(3);
  });

  it("shows a maintenance message set on A to visitors of B, and closes registration there", async () => {
    if (twins === undefined) throw new Error("setup");
    const [a, b] = twins.apps;
    const admin = await createUser(a, { roles: ["admin"], tier: "infinity" });
    await request(a, admin, "PUT", "/api/admin/settings/maintenance", {
      message: "Read-only until 15:00",
    });
    await request(a, admin, "PUT", "/api/admin/settings/registration", { open: false });
    const visitor = await eventually(
      () => b.inject({ method: "GET", url: "/api/settings/public" }).then((r) => r.json()),
      (body) => body.maintenanceMessage !== null && body.registrationOpen === false,
    );
    expect(visitor).toEqual({
      registrationOpen: false,
      maintenanceMessage: "Read-only until 15:00",
      selfServicePlans: true,
    });
    const register = await b.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: someAddress(),
      payload: { email: "late@example.com", username: "late_one", password: "Zq7!wVx9Lk" },
    });
    expect(register.statusCode).toBe(403);
  });
});
