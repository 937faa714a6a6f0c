// Two real server processes on one PostgreSQL and one Redis enforce one budget per user.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../../test/factories.js";
import { freePort } from "../../test/free-port.js";
import { openTestDatabase } from "../../test/helper.js";

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../main.ts");
const scaleOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

const instances: { child: ChildProcess; base: string }[] = [];
let dropDatabase: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (!scaleOut) return;
  const { database, url, drop } = await openTestDatabase();
  await database.close();
  dropDatabase = drop;
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: url ?? "",
        REDIS_URL: process.env.REDIS_URL,
        LOG_LEVEL: "warn",
        WEB_DIST: "/nonexistent",
      },
      stdio: "ignore",
    });
    instances.push({ child, base: `http://127.0.0.1:${port}` });
  }
  for (const { base } of instances) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const up = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(
    instances.map(({ child }) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    }),
  );
  await dropDatabase();
});

describe.skipIf(!scaleOut)("two instances", () => {
  it("share one per-minute budget", async () => {
    const [a, b] = instances;
    if (a === undefined || b === undefined) throw new Error("instances did not start");
    const name = `shared${Date.now()}`;
    const registered = await fetch(`${a.base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `${name}@example.com`, username: name, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    // A script with a personal API key: its calls count against the plan's windows.
    const created = await fetch(`${a.base}/api/me/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: "shared", scopes: ["read"] }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const target = i % 2 === 0 ? a : b;
      const response = await fetch(`${target.base}/api/users/profile`, {
        headers: { authorization: `Bearer ${key}` },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
          "Rate limit exceeded: 10 calls per minute",
        );
      }
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
