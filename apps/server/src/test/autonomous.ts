// Test apps for autonomous control: one or several instances of the real app on one fresh database (test/cluster.ts),
// with a clock the test moves, the schedule tick's interval chosen by the test (null: the test calls tick() itself)
// and a fast-polling job runner.
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
