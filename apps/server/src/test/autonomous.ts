// Test apps for autonomous control: one or several instances of the real app on one fresh database (test/cluster.ts),
// with a clock the test moves, the schedule tick's interval chosen by the test (null: the test calls tick() itself)
// and a fast-polling job runner; a run a dead instance left behind.

import type { Db } from "../db/client.js";
import { autonomousExecutions } from "../db/schema.js";
import { buildCluster, type TestCluster } from "./cluster.js";

export type AutonomousTestApps = TestCluster;

export function buildAutonomousApps(options: {
  instances?: number;
  clock: () => Date;
  tickMs: number | null;
  env?: Record<string, string>;
}): Promise<AutonomousTestApps> {
  return buildCluster({
    instances: options.instances ?? 1,
    env: options.env,
    deps: {
      clock: options.clock,
      autonomousTickMs: options.tickMs,
      jobTimings: { pollingIntervalSeconds: 0.5, shutdownGraceMs: 200 },
    },
  });
}

/** A run another instance claimed at `now` and then died with: still running, its lease good for a minute. */
export async function insertOrphanRun(
  db: Db,
  run: { ruleId: string; userId: string; now: Date },
): Promise<string> {
  const { ruleId, userId, now } = run;
  const [orphan] = await db
    .insert(autonomousExecutions)
    .values({
      ruleId,
      userId,
      slot: "manual:orphan",
      trigger: "manual",
      dueAt: now,
      status: "running",
      owner: "a-dead-instance",
      leaseUntil: new Date(now.getTime() + 60_000),
      createdAt: now,
      startedAt: now,
    })
    .returning({ id: autonomousExecutions.id });
  if (orphan === undefined) throw new Error("orphan run not inserted");
  return orphan.id;
}
