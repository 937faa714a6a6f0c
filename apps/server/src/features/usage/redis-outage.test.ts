// When Redis goes away the server keeps metering in process, and shares counters again once Redis is back.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, createUser } from "../../test/factories.js";
import { freePort } from "../../test/free-port.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
let port = 0;
let redis: ChildProcess | null = null;
let test: TestApp | undefined;

async function startRedis() {
  redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopRedis() {
  const child = redis;
  if (child === null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  redis = null;
}

beforeAll(async () => {
  if (!hasRedis) return;
  port = await freePort();
  await startRedis();
  test = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
});
afterAll(async () => {
  await test?.close();
  await stopRedis();
});

describe.skipIf(!hasRedis)("a Redis outage", () => {
  it("keeps the API serving and metering", async () => {
    if (test === undefined) throw new Error("setup");
    const { app } = test;
    const user = await createUser(app, { tier: "quantum" });
    // A script's calls: metered against the plan's windows.
    const apiKey = await createApiKey(app, user, { scopes: ["read"] });
    const profile = () =>
      app.inject({ method: "GET", url: "/api/users/profile", headers: apiKey.auth });
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
