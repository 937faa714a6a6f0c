// When Redis goes away the server keeps metering in process, and shares counters again once Redis is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, createUser } from "../../test/factories.js";
import { freePort } from "../../test/free-port.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { hasRedisServer, type RedisServer, startRedisServer } from "../../test/redis-server.js";

let port = 0;
let redis: RedisServer | null = null;
let test: TestApp | undefined;

async function startRedis() {
  redis = await startRedisServer(port);
}

async function stopRedis() {
  await redis?.stop();
  redis = null;
}

beforeAll(async () => {
  if (!hasRedisServer) return;
  port = await freePort();
  await startRedis();
  test = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
});
afterAll(async () => {
  await test?.close();
  await stopRedis();
});

describe.skipIf(!hasRedisServer)("a Redis outage", () => {
  it("keeps the API serving and metering", async () => {
    if (test === undefined) throw new Error("setup");
    const { app } = test;
    const user = await createUser(app, { tier: "quantum" });
    // A script's calls: metered against the plan's windows.
    const apiKey = await createApiKey(app, user, { scopes: ["read"] });
    const profile = () => request(app, apiKey, "GET", "/api/users/profile");
    expect((await profile()).statusCode).toBe(200);

    await stopRedis();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await profile();
    expect(during.statusCode).toBe(200);
    expect(during.headers["ratelimit-policy"]).toContain('"minute";q=60;w=60');

    await startRedis();
    let back = false;
    for (let attempt = 0; attempt < 50 && !back; attempt++) {
      back = app.redis?.status === "ready";
      if (!back) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(back).toBe(true);
    expect((await profile()).statusCode).toBe(200);
  });
});
