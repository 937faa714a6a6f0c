// Two app instances on one PostgreSQL and one Redis, both ticking on the same clock: a due time runs exactly once,
// a signal fires its rule once although both instances hear it, the kill switch flipped on either instance
// stops a run wherever it is, and a run whose instance died is closed while the live instance's run goes on.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { autonomousExecutions } from "../../db/schema.js";
import { createEntity } from "../../test/ai.js";
import {
  type AutonomousTestApps,
  buildAutonomousApps,
  insertOrphanRun,
} from "../../test/autonomous.js";
import { TEST_NOW } from "../../test/clock.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { waitFor } from "../../test/wait.js";

// A fixed start, moved only by the test.
let now = new Date(TEST_NOW);
const clock = () => now;

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  "autonomous control on two instances",
  () => {
    let fake: FakeLlmServer;
    let cluster: AutonomousTestApps;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let admin: SignedInUser;
    let entityId: string;

    beforeAll(async () => {
      fake = await startFakeLlm();
      cluster = await buildAutonomousApps({
        instances: 2,
        clock,
        tickMs: 20,
        env: fake.env,
      });
      [first, second] = cluster.apps as [FastifyInstance, FastifyInstance];
      admin = await createUser(first, { roles: ["admin"], tier: "infinity", world: "infinity" });
      entityId = (await createEntity(first, admin.id, { name: "Alpha" })).id;
    });

    afterAll(async () => {
      await cluster?.close();
      await fake?.close();
    });

    beforeEach(() => fake.reset());

    const call = (
      app: FastifyInstance,
      method: "GET" | "POST" | "PUT",
      url: string,
      body?: object,
    ) => app.inject({ method, url, headers: admin.auth, ...(body ? { payload: body } : {}) });

    async function createRule(overrides: Record<string, unknown>) {
      const response = await call(first, "POST", "/api/autonomous/rules", {
        name: "Cluster rule",
        entityIds: [entityId],
        prompt: "Report",
        trigger: "schedule",
        cron: "* * * * *",
        timeZone: "UTC",
        maxRunsPerHour: 60,
        maxTokensPerDay: 100_000,
        ...overrides,
      });
      expect(response.statusCode).toBe(201);
      return response.json().rule as { id: string; nextRuns: string[] };
    }

    async function executions(ruleId: string) {
      const response = await call(second, "GET", `/api/autonomous/executions?ruleId=${ruleId}`);
      return response.json().items as {
        id: string;
        status: string;
        dueAt: string;
        trigger: string;
        error: string | null;
      }[];
    }

    it("runs one due time exactly once across both instances", async () => {
      const rule = await createRule({});
      const due = new Date(rule.nextRuns[0] ?? "");
      now = new Date(due.getTime() + 1000);
      const [done] = await waitFor(
        () => executions(rule.id),
        (items) => items.length > 0 && items[0]?.status === "succeeded",
      );
      expect(done).toMatchObject({ trigger: "schedule", dueAt: due.toISOString() });
      // Both instances keep ticking through this minute: still one run, one model call.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await executions(rule.id)).toHaveLength(1);
      expect(fake.requests).toHaveLength(1);
      await call(first, "POST", `/api/autonomous/rules/${rule.id}/disable`);
    });

    it("fires a signal rule once although both instances hear the signal", async () => {
      const rule = await createRule({
        trigger: "signal",
        cron: "",
        signalKind: "quota",
        signalMinSeverity: "info",
        dryRun: true,
      });
      await second.services.signals.emit(admin.id, {
        kind: "quota",
        source: "minute",
        severity: "warning",
        data: {},
      });
      await waitFor(
        () => executions(rule.id),
        (items) => items[0]?.status === "dry_run",
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await executions(rule.id)).toHaveLength(1);
      await call(first, "POST", `/api/autonomous/rules/${rule.id}/disable`);
    });

    it("stops a run on whichever instance runs it when the kill switch turns on", async () => {
      fake.behave({ tokenDelayMs: 400 });
      const rule = await createRule({ cron: "0 0 1 1 *" });
      await call(first, "POST", `/api/autonomous/rules/${rule.id}/run`);
      await waitFor(
        () => executions(rule.id),
        (items) => items[0]?.status === "running" && fake.requests.length === 1,
      );
      const started = Date.now();
      expect(
        (await call(second, "PUT", "/api/autonomous/kill-switch", { engaged: true })).statusCode,
      ).toBe(200);
      const [killed] = await waitFor(
        () => executions(rule.id),
        (items) => items[0]?.status === "killed",
      );
      expect(killed?.status).toBe("killed");
      expect(Date.now() - started).toBeLessThan(1500);
      expect((await call(first, "POST", `/api/autonomous/rules/${rule.id}/run`)).statusCode).toBe(
        409,
      );
      await call(first, "PUT", "/api/autonomous/kill-switch", { engaged: false });
    });

    it("closes a run whose instance died, and not the one a live instance runs", async () => {
      fake.behave({ tokenDelayMs: 700 });
      const rule = await createRule({ cron: "0 0 1 1 *" });
      const db = first.database.db;
      const orphan = await insertOrphanRun(db, { ruleId: rule.id, userId: admin.id, now });
      now = new Date(now.getTime() + 1000);
      await call(second, "POST", `/api/autonomous/rules/${rule.id}/run`);
      const running = await waitFor(
        () => executions(rule.id),
        (items) => items.filter((item) => item.status === "running").length === 2,
      );
      const live = running.find((item) => item.id !== orphan)?.id ?? "";
      const leaseOf = async (id: string) =>
        (
          await db
            .select({ leaseUntil: autonomousExecutions.leaseUntil })
            .from(autonomousExecutions)
            .where(eq(autonomousExecutions.id, id))
        )[0]?.leaseUntil?.getTime() ?? 0;
      // The clock goes on half a lease at a time, each step once the live run's owner has renewed its lease on it.
      for (let step = 0; step < 3; step++) {
        now = new Date(now.getTime() + 30_000);
        const renewed = now.getTime() + 60_000;
        await waitFor(
          () => leaseOf(live),
          (lease) => lease === renewed,
        );
      }
      const after = await waitFor(
        () => executions(rule.id),
        (items) => items.find((item) => item.id === orphan)?.status === "failed",
      );
      expect(after.find((item) => item.id === orphan)?.error).toBe(
        "The server running it stopped before it finished",
      );
      expect(after.find((item) => item.id === live)?.status).toBe("running");
      await waitFor(
        () => executions(rule.id),
        (items) => items.find((item) => item.id === live)?.status === "succeeded",
      );
      await call(first, "POST", `/api/autonomous/rules/${rule.id}/disable`);
    });
  },
);
