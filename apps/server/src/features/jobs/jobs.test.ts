// The job runner on the test database (PGlite, or PostgreSQL in the second CI pass): retries with backoff, time-outs,
// cancellation of running jobs, dead letters (and an admin retrying or dropping them), de-duplication and the queue
// state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, someAddress } from "../../test/factories.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { waitFor } from "../../test/wait.js";
import { createJobService, JobAborted, type JobService } from "./index.js";

describe("job runner", () => {
  let test: TestApp;
  let jobs: JobService;

  beforeAll(async () => {
    test = await buildTestApp();
    // A runner of its own on the app's database, with a short retry delay (the app's own one keeps the defaults).
    jobs = createJobService({
      database: test.database,
      bus: test.app.realtimeBus,
      log: test.app.log,
      retryDelaySeconds: 1,
      shutdownGraceMs: 1000,
    });
    await jobs.start();
  });

  afterAll(async () => {
    await jobs.stop();
    await test.close();
  });

  it("the app starts its own runner: the queue state answers from pg-boss", async () => {
    const state = await test.app.services.jobs.state();
    expect(state).toMatchObject({ queued: 0, running: 0, deadLetter: 0 });
    expect(state.workers).toBeGreaterThan(0);
  });

  it("workers that start later run what was enqueued before them; a stop before they start is immediate", async () => {
    const deps = { database: test.database, bus: test.app.realtimeBus, log: test.app.log };
    const later = createJobService({ ...deps, workersDelayMs: 200 });
    const ran: number[] = [];
    later.register<{ n: number }>("test-later-workers", async (job) => {
      ran.push(job.data.n);
    });
    await later.start();
    await later.enqueue("test-later-workers", { n: 1 });
    await waitFor(
      () => ran,
      (seen) => seen.length === 1,
    );
    await later.stop();
    expect(ran).toEqual([1]);

    const never = createJobService({ ...deps, workersDelayMs: 10 * 60_000 });
    never.register("test-never-started", async () => {});
    await never.start();
    // Resolves without the ten minutes: the pending start of the workers is dropped.
    await never.stop();
  });

  it("retries a failing job with backoff until it succeeds", async () => {
    const attempts: number[] = [];
    const times: number[] = [];
    jobs.register<{ n: number }>(
      "test-flaky",
      async (job) => {
        attempts.push(job.attempt);
        times.push(Date.now());
        if (job.attempt < 3) throw new Error(`try ${job.attempt} failed`);
        return { ok: job.data.n };
      },
      { retryLimit: 3 },
    );
    await jobs.enqueue("test-flaky", { n: 7 });
    await waitFor(
      () => attempts,
      (seen) => seen.length === 3,
      20_000,
    );
    expect(attempts).toEqual([1, 2, 3]);
    // Backoff: the second retry waits longer than the first delay of one second.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(900);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(1800);
    const state = await waitFor(
      () => jobs.state(),
      (value) => value.done >= 1,
    );
    expect(state.failed).toBe(0);
  }, 30_000);

  it("aborts a job's signal when it runs past expireInSeconds, and the job fails", async () => {
    let reason: unknown = null;
    jobs.register(
      "test-slow",
      (job) =>
        new Promise((_, reject) => {
          job.signal.addEventListener("abort", () => {
            reason = job.signal.reason;
            reject(job.signal.reason);
          });
        }),
      { retryLimit: 0, expireInSeconds: 1 },
    );
    const started = Date.now();
    await jobs.enqueue("test-slow", {});
    await waitFor(
      () => reason,
      (value) => value !== null,
    );
    expect(reason).toBeInstanceOf(JobAborted);
    expect((reason as JobAborted).kind).toBe("timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const dead = await waitFor(
      () => jobs.deadLetters(10),
      (items) => items.some((item) => item.queue === "test-slow"),
    );
    expect(dead.find((item) => item.queue === "test-slow")?.error).toMatch(/timed out/);
  });

  it("cancel aborts a running job's signal at once and it is not retried", async () => {
    let runs = 0;
    let aborted: unknown = null;
    let begin: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      begin = resolve;
    });
    jobs.register(
      "test-cancel",
      (job) =>
        new Promise((_, reject) => {
          runs += 1;
          begin();
          job.signal.addEventListener("abort", () => {
            aborted = job.signal.reason;
            reject(job.signal.reason);
          });
        }),
      { retryLimit: 2 },
    );
    const id = await jobs.enqueue("test-cancel", {});
    await running;
    const cancelledAt = Date.now();
    await jobs.cancel([id]);
    await waitFor(
      () => aborted,
      (value) => value !== null,
    );
    expect(Date.now() - cancelledAt).toBeLessThan(1000);
    expect((aborted as JobAborted).kind).toBe("cancelled");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBe(1);
  });

  it("cancel takes a queued job out of the queue before it runs", async () => {
    let ran = false;
    jobs.register("test-later", async () => {
      ran = true;
    });
    const id = await jobs.enqueue("test-later", {}, { startAfter: new Date(Date.now() + 1500) });
    await jobs.cancel([id]);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ran).toBe(false);
  });

  it("moves a job that exhausted its retries to the dead-letter list, newest first", async () => {
    jobs.register<{ userId: string }>(
      "test-doomed",
      async (job) => {
        throw new Error(`broken on try ${job.attempt}`);
      },
      { retryLimit: 1 },
    );
    await jobs.enqueue("test-doomed", { userId: "someone" });
    const dead = await waitFor(
      () => jobs.deadLetters(5),
      (items) => items[0]?.queue === "test-doomed",
    );
    expect(dead[0]).toMatchObject({
      queue: "test-doomed",
      data: { userId: "someone" },
      error: "broken on try 2",
      attempts: 2,
    });
    expect(Date.parse(dead[0]?.failedAt ?? "")).not.toBeNaN();
    const mine = await jobs.state({ userId: "someone" });
    expect(mine).toMatchObject({ deadLetter: 1, failed: 1, queued: 0 });
  });

  it("counts queued and running jobs, per user too", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.register("test-gated", () => gate, { concurrency: 1 });
    await jobs.enqueue("test-gated", { userId: "counted" });
    await jobs.enqueue("test-gated", { userId: "counted" });
    await jobs.enqueue(
      "test-gated",
      { userId: "other" },
      { startAfter: new Date(Date.now() + 60_000) },
    );
    const busy = await waitFor(
      () => jobs.state({ userId: "counted" }),
      (value) => value.running === 1,
    );
    expect(busy).toMatchObject({ running: 1, queued: 1, done: 0 });
    release();
    const after = await waitFor(
      () => jobs.state({ userId: "counted" }),
      (value) => value.done === 2,
    );
    expect(after).toMatchObject({ running: 0, queued: 0, done: 2 });
    expect(after.throughputPerMinute).toBeCloseTo(0.4);
    expect((await jobs.state({ userId: "other" })).queued).toBe(1);
  });

  it("a singleton key keeps one waiting job per key", async () => {
    const later = new Date(Date.now() + 60_000);
    const first = await jobs.enqueue("test-single", {}, { singletonKey: "k", startAfter: later });
    const again = await jobs.enqueue("test-single", {}, { singletonKey: "k", startAfter: later });
    const other = await jobs.enqueue("test-single", {}, { singletonKey: "j", startAfter: later });
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it("lets an admin list dead letters, put one back on its queue, and drop one; others get 403", async () => {
    const app = test.app;
    const admin = await createUser(app, { roles: ["user", "admin"], tier: "infinity" });
    const someone = await createUser(app, { tier: "infinity" });
    const send = (method: "GET" | "POST" | "DELETE", url: string, auth = admin.auth) =>
      app.inject({ method, url, headers: auth, remoteAddress: someAddress() });
    // Letters as the runner leaves them when a job of `admin-probe` used up its retries.
    const kept = await app.services.jobs.enqueue("admin-probe-dead-letter", { order: "kept" });
    const dropped = await app.services.jobs.enqueue("admin-probe-dead-letter", {
      order: "dropped",
    });

    expect((await send("GET", "/api/admin/jobs/dead-letters", someone.auth)).statusCode).toBe(403);
    expect(
      (await send("POST", `/api/admin/jobs/dead-letters/${kept}/retry`, someone.auth)).statusCode,
    ).toBe(403);
    const listed = await send("GET", "/api/admin/jobs/dead-letters");
    expect(listed.statusCode, listed.body).toBe(200);
    const probes = (listed.json().items as { id: string; queue: string; data: unknown }[]).filter(
      (item) => item.queue === "admin-probe",
    );
    expect(probes.map((item) => item.id).sort()).toEqual([kept, dropped].sort());

    const ran: unknown[] = [];
    app.services.jobs.register("admin-probe", async (job) => {
      ran.push(job.data);
    });
    const retry = await send("POST", `/api/admin/jobs/dead-letters/${kept}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ queue: "admin-probe", jobId: expect.any(String) });
    await waitFor(
      () => ran,
      (seen) => seen.length === 1,
    );
    expect(ran).toEqual([{ order: "kept" }]);
    expect((await send("POST", `/api/admin/jobs/dead-letters/${kept}/retry`)).statusCode).toBe(404);

    const drop = await send("DELETE", `/api/admin/jobs/dead-letters/${dropped}`);
    expect(drop.statusCode, drop.body).toBe(200);
    expect((await send("DELETE", `/api/admin/jobs/dead-letters/${dropped}`)).statusCode).toBe(404);
    const after = (await send("GET", "/api/admin/jobs/dead-letters")).json().items as {
      id: string;
    }[];
    expect(after.map((item) => item.id)).not.toContain(kept);
    expect(after.map((item) => item.id)).not.toContain(dropped);
    // The dropped letter's job never ran.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toEqual([{ order: "kept" }]);
  });
});
