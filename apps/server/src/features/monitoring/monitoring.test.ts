// Metrics: the sampler's shape and 100-sample cap, the live view, the Prometheus text and its token gate, and the
// quantum state from the job runner.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { systemReading } from "../../test/monitoring.js";
import { createSystemSampler } from "./sampler.js";

const TOKEN = "prometheus-scrape-token-0123456789";

let test: TestApp;
let user: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({ METRICS_TOKEN: TOKEN });
  user = await createUser(test.app, { tier: "cosmic" });
  admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
});
afterAll(() => test.close());

describe("the system sampler", () => {
  it("reads CPU, memory and uptime, and keeps only the last 100 samples", async () => {
    let n = 0;
    const sampler = createSystemSampler({
      db: test.database.db,
      clock: () => new Date(),
      instance: "test-sampler",
      readSystem: () => {
        n += 1;
        return systemReading(50 + (n % 10));
      },
    });
    for (let i = 0; i < 105; i += 1) await sampler.sampleOnce();
    const samples = sampler.samples();
    expect(samples).toHaveLength(100);
    expect(samples[0]?.memory.percentage).toBe(50 + (6 % 10));
    expect(sampler.latest()).toMatchObject({
      cpuPercent: 10,
      memory: {
        usedBytes: expect.any(Number),
        freeBytes: expect.any(Number),
        totalBytes: 16 * 1024 ** 3,
        percentage: 55,
      },
      uptimeSeconds: 42,
      at: expect.any(String),
    });
  });

  it("takes real readings from the machine", async () => {
    const view = await request(test.app, user, "GET", "/api/metrics/system");
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({
      instance: expect.any(String),
      samples: expect.any(Array),
      requests: { ratePerMinute: expect.any(Number), p95Ms: expect.any(Number) },
    });
    expect(body.instances.map((row: { instance: string }) => row.instance)).toContain(
      "test-sampler",
    );
    await test.app.services.metrics.sampler.sampleOnce();
    const live = test.app.services.metrics.sampler.latest();
    expect(live?.memory.totalBytes).toBeGreaterThan(0);
    expect(live?.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(live?.cpuPercent).toBeLessThanOrEqual(100);
    expect((await test.app.inject({ method: "GET", url: "/api/metrics/system" })).statusCode).toBe(
      401,
    );
  });
});

describe("realtime", () => {
  it("publishes every sample on the metrics topic for admins' sockets", async () => {
    const seen: unknown[] = [];
    const stop = await test.app.realtimeBus.subscribe("metrics", (envelope) => seen.push(envelope));
    try {
      const sample = await test.app.services.metrics.sampler.sampleOnce();
      await vi.waitFor(() =>
        expect(seen).toContainEqual({
          userId: null,
          message: {
            type: "metrics",
            at: sample.at,
            values: expect.objectContaining({ cpuPercent: sample.cpuPercent }),
          },
        }),
      );
    } finally {
      stop();
    }
  });
});

describe("GET /metrics", () => {
  const LINE =
    /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? -?[0-9.e+-]+$|^[a-z_]+ (NaN|[+-]Inf)$/;

  it("answers the METRICS_TOKEN and admins in Prometheus text", async () => {
    const scraped = await test.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers["content-type"]).toContain("text/plain");
    const lines = scraped.body.trimEnd().split("\n");
    for (const line of lines) {
      if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
      expect(line).toMatch(LINE);
    }
    const names = lines
      .filter((line) => !line.startsWith("#"))
      .map((line) => line.split(/[{ ]/)[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        "aacos_cpu_percent",
        "aacos_memory_used_bytes",
        "aacos_memory_free_bytes",
        "aacos_memory_total_bytes",
        "aacos_uptime_seconds",
        "aacos_http_requests_total",
        "aacos_http_request_duration_seconds",
        "aacos_http_request_duration_seconds_count",
        "aacos_queue_running",
        "aacos_queue_workers",
      ]),
    );
    expect(scraped.body).toMatch(/aacos_http_requests_total\{status="200"\} \d+/);
    expect(scraped.body).toMatch(/aacos_http_request_duration_seconds\{quantile="0.99"\} /);
    const asAdmin = await request(test.app, admin, "GET", "/metrics");
    expect(asAdmin.statusCode).toBe(200);
  });

  it("reads its queue gauges from the job runner: a waiting job and a dead letter show at once", async () => {
    const scrape = async () => {
      const body = (
        await test.app.inject({
          method: "GET",
          url: "/metrics",
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).body;
      const value = (name: string) => Number(body.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1]);
      return {
        queued: value("aacos_queue_queued"),
        deadLetter: value("aacos_queue_dead_letter"),
        workers: value("aacos_queue_workers"),
      };
    };
    const before = await scrape();
    // No instance works these queues, so the jobs stay where they were put.
    await test.app.services.jobs.enqueue("metrics-probe", { probe: 1 });
    await test.app.services.jobs.enqueue("metrics-probe-dead-letter", { probe: 2 });
    const after = await scrape();
    expect(after.queued - before.queued).toBe(1);
    expect(after.deadLetter - before.deadLetter).toBe(1);
    expect(after.workers).toBeGreaterThan(0);
  });

  it("refuses visitors, wrong tokens and ordinary users", async () => {
    expect((await test.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    const wrong = await test.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer not-the-token-at-all-000" },
    });
    expect(wrong.statusCode).toBe(401);
    const asUser = await request(test.app, user, "GET", "/metrics");
    expect(asUser.statusCode).toBe(403);
  });

  it("without METRICS_TOKEN lets only admins and operators scrape", async () => {
    const open = await buildTestApp();
    try {
      const operator = await createUser(open.app, { roles: ["operator"], tier: "infinity" });
      const someone = await createUser(open.app, { tier: "infinity" });
      const asOperator = await request(open.app, operator, "GET", "/metrics");
      expect(asOperator.statusCode).toBe(200);
      expect((await request(open.app, someone, "GET", "/metrics")).statusCode).toBe(403);
      expect((await open.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    } finally {
      await open.close();
    }
  });
});

describe("GET /api/aacos/quantum/state", () => {
  it("counts the caller's jobs in the job runner by state (docs/decisions/091)", async () => {
    const owner = await createUser(test.app, { tier: "cosmic" });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const jobs = test.app.services.jobs;
    jobs.register("quantum-state-test", () => gate, { concurrency: 1 });
    await jobs.enqueue("quantum-state-test", { userId: owner.id });
    await jobs.enqueue("quantum-state-test", { userId: owner.id });
    await jobs.enqueue("quantum-state-test", { userId: user.id });
    const read = async () => {
      const response = await request(test.app, owner, "GET", "/api/aacos/quantum/state");
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    let state = await read();
    for (let tries = 0; state.running === 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await read();
    }
    expect(state).toEqual({
      queued: 1,
      running: 1,
      done: 0,
      failed: 0,
      deadLetter: 0,
      workers: expect.any(Number),
      throughput: 0,
      throughputPerMinute: 0,
    });
    expect(state.workers).toBeGreaterThanOrEqual(1);
    release();
    for (let tries = 0; state.done < 2 && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await read();
    }
    expect(state).toMatchObject({ queued: 0, running: 0, done: 2, throughputPerMinute: 0.4 });
  });
});
