// Several instances on one PostgreSQL and one Redis: every job runs exactly once (SKIP LOCKED), a cancel reaches the
// instance running the job, and a job whose instance was killed mid-run is retried and completes on another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppPair, buildAppPair, spawnHangingWorker } from "../../test/jobs.js";
import type { JobAborted } from "./service.js";

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(shared)("job runner across instances (PostgreSQL + Redis)", () => {
  let pair: AppPair;

  beforeAll(async () => {
    pair = await buildAppPair({
      maintenanceIntervalSeconds: 1,
      retryDelaySeconds: 1,
      shutdownGraceMs: 1000,
    });
  });

  afterAll(async () => {
    await pair?.close();
  });

  it("20 jobs enqueued on one instance run exactly once between the two", async () => {
    const seen: { instance: number; n: number }[] = [];
    pair.apps.forEach((app, instance) => {
      app.services.jobs.register<{ n: number }>(
        "pair-count",
        async (job) => {
          seen.push({ instance, n: job.data.n });
          await sleep(150);
        },
        { concurrency: 2 },
      );
    });
    await sleep(300);
    for (let n = 0; n < 20; n++) await pair.apps[0].services.jobs.enqueue("pair-count", { n });
    for (let tries = 0; seen.length < 20; tries++) {
      expect(tries).toBeLessThan(400);
      await sleep(50);
    }
    // Nothing runs a second time afterwards either.
    await sleep(1500);
    expect(seen.map((entry) => entry.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
    expect(new Set(seen.map((entry) => entry.instance)).size).toBe(2);
    const state = await pair.apps[1].services.jobs.state();
    expect(state.done).toBeGreaterThanOrEqual(20);
    // Both instances' workers count (two on each queue they work).
    expect(state.workers).toBeGreaterThanOrEqual(4);
  });

  it("a cancel on one instance aborts the job where the other runs it (through Redis)", async () => {
    let aborted: unknown = null;
    let runningId: string | null = null;
    pair.apps[1].services.jobs.register("pair-cancel", (job) => {
      runningId = job.id;
      return new Promise((_, reject) => {
        job.signal.addEventListener("abort", () => {
          aborted = job.signal.reason;
          reject(job.signal.reason);
        });
      });
    });
    await sleep(300);
    const id = await pair.apps[0].services.jobs.enqueue("pair-cancel", {});
    for (let tries = 0; runningId === null; tries++) {
      expect(tries).toBeLessThan(200);
      await sleep(25);
    }
    expect(runningId).toBe(id);
    await pair.apps[0].services.jobs.cancel([id]);
    for (let tries = 0; aborted === null; tries++) {
      expect(tries).toBeLessThan(40);
      await sleep(25);
    }
    expect((aborted as JobAborted).kind).toBe("cancelled");
  });

  it("a job whose instance is killed mid-run is retried and completes once on the other", async () => {
    const child = spawnHangingWorker(pair.url, "pair-crash", 2);
    const completed: { id: string; attempt: number }[] = [];
    const id = await pair.apps[0].services.jobs.enqueue(
      "pair-crash",
      { task: "survive" },
      {
        expireInSeconds: 2,
        retryLimit: 2,
      },
    );
    try {
      expect(await child.started).toBe(id);
    } finally {
      child.kill();
    }
    // Only now does an app instance work this queue; pg-boss's maintenance fails the expired job into a retry.
    pair.apps[1].services.jobs.register("pair-crash", async (job) => {
      completed.push({ id: job.id, attempt: job.attempt });
    });
    for (let tries = 0; completed.length === 0; tries++) {
      expect(tries).toBeLessThan(300);
      await sleep(50);
    }
    await sleep(1500);
    expect(completed).toEqual([{ id, attempt: 2 }]);
    expect(await pair.apps[0].services.jobs.deadLetters(10)).toEqual([]);
  }, 30_000);
});
