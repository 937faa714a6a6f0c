// What the server watches (docs/decisions/080-metrics-and-alerts.md): samples per instance, alerts and
// consciousness per user, error and security reports, and the analytics' daily rollups.
import os from "node:os";
import { createAlertService } from "../features/alerts/index.js";
import { createAnalyticsRollups } from "../features/analytics/index.js";
import { createConsciousnessService } from "../features/consciousness/index.js";
import { createErrorReportService } from "../features/errors/index.js";
import type { JobService } from "../features/jobs/index.js";
import {
  createMetricsService,
  createOsReader,
  createRequestStats,
  createSystemSampler,
  liveMetricsEnvelope,
} from "../features/monitoring/index.js";
import { createRequestCounter, createSecurityService } from "../features/security/index.js";
import { createPort } from "../platform/port.js";
import type { Core } from "./core.js";
import type { Services } from "./services.js";

export interface Monitoring {
  services: Pick<
    Services,
    "metrics" | "consciousness" | "alerts" | "errorReports" | "security" | "analyticsRollups"
  >;
  requestStats: ReturnType<typeof createRequestStats>;
  /** This process's name in metrics and orchestration (host:pid). */
  instance: string;
}

export function createMonitoring(
  core: Core,
  /** The job runner's state, read at scrape time only: the runner is built after the monitoring. */
  jobState: () => ReturnType<JobService["state"]>,
): Monitoring {
  const { app, deps, db, clock, signingKey, mailer, prefix, realtimeBus, signals } = core;
  const { config } = deps;
  const readSystem = deps.readSystem ?? createOsReader();
  const requestStats = createRequestStats(clock);
  const instance = `${os.hostname()}:${process.pid}`;
  const metrics = createMetricsService({
    db,
    clock,
    instance,
    requests: requestStats,
    readSystem,
    jobState,
    sampler: createSystemSampler({
      db,
      clock,
      instance,
      readSystem,
      onSample: (sample) => realtimeBus.publish("metrics", liveMetricsEnvelope(sample)),
    }),
  });
  // Harmony below 0.3 opens the rebalance alert: a port connected once the alerts exist, so consciousness does not
  // need the alerts to be built, while the alerts read consciousness values.
  const lowHarmony = createPort<[userId: string, harmony: number]>();
  const consciousness = createConsciousnessService({ db, clock, onLowHarmony: lowHarmony.call });
  const alerts = createAlertService({
    db,
    clock,
    log: app.log,
    mailer,
    signingKey,
    consciousness: (userId) => consciousness.compute(userId),
    systemValues: (metric, windowMs) => metrics.windowValues(metric, windowMs),
    webhookBackoffMs: deps.webhookBackoffMs,
    allowPrivateWebhooks: config.alertWebhookAllowPrivate,
    // In-app delivery: a signal in the user's stream (system alerts: admins') and the "alerts" realtime topic.
    emitSignal: (userId, signal) => signals.notify(userId, signal),
    publishAlert: (userId, message) => realtimeBus.publish("alerts", { userId, message }),
  });
  lowHarmony.connect((userId, harmony) => alerts.raiseRebalance(userId, harmony));
  return {
    services: {
      metrics,
      consciousness,
      alerts,
      errorReports: createErrorReportService({ db, clock }),
      security: createSecurityService({
        db,
        clock,
        requests: createRequestCounter({ redis: deps.redis, prefix: `aacos:${prefix}` }),
        log: app.log,
      }),
      analyticsRollups: createAnalyticsRollups({ db }),
    },
    requestStats,
    instance,
  };
}
