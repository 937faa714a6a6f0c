// Two server instances on one PostgreSQL and one Redis, one browser: the page is connected to instance 1 and sees a
// signal raised through instance 2 arrive live (Redis fan-out). The test starts both servers itself, on a database
// of its own; it is skipped only when PostgreSQL is unreachable (docs/decisions/102-two-instance-browser-test.md).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./support/api.js";
import { browser, screenshot } from "./support/browser.js";
import { connected, moreSignalRows } from "./support/live.js";
import { type RunningServer, startServer } from "./support/server.js";

const POSTGRES_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const PASSWORD = "Zq7!wVx9Lk";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const reachable = await postgresReachable();

function startInstance(databaseUrl: string, dataDir: string): Promise<RunningServer> {
  return startServer({
    dataDir,
    env: { DATABASE_URL: databaseUrl, REDIS_URL },
    name: "an instance",
  });
}

const call = <T>(base: string, route: string, body?: unknown, token?: string) =>
  api<T>(route, { base, body, token });

describe.skipIf(!reachable)("two instances, one browser", () => {
  const name = `aacos_e2e_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const instances: RunningServer[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    // One after the other: the first applies the migrations.
    for (let index = 0; index < 2; index += 1) {
      const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-two-"));
      dataDirs.push(dataDir);
      instances.push(await startInstance(url.toString(), dataDir));
    }
  }, 360_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
    const cleaner = new pg.Client({ connectionString: POSTGRES_URL });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${name} with (force)`);
    await cleaner.end();
  });

  it("shows on instance 1 a signal raised through instance 2", async () => {
    const [first, second] = instances;
    if (first === undefined || second === undefined) throw new Error("instances not started");
    const tag = `two${Date.now().toString(36)}`;
    const registered = await call<{ token: string }>(second.url, "/api/auth/register", {
      email: `${tag}@example.com`,
      username: tag,
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token;
    expect((await call(second.url, "/api/plan/tier", { tier: "cosmic" }, token)).status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(
      ([value]) => {
        localStorage.setItem("aacos-lang", "en");
        if (sessionStorage.getItem("e2e-token-set") === null) {
          localStorage.setItem("token", value ?? "");
          sessionStorage.setItem("e2e-token-set", "1");
        }
      },
      [token],
    );
    const page = await context.newPage();
    await page.goto(`${first.url}/signals`);
    await connected(page);
    const before = await page.getByTestId("signal-row").count();

    const universe = await call(second.url, "/api/aacos/universes", { name: "Far shore" }, token);
    expect(universe.status).toBe(201);
    await moreSignalRows(page, before);
    await screenshot(page, "two-instances-signals-en");
    await context.close();
  });
});
