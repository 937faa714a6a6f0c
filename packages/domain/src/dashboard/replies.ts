// Replies of the dashboard: the user's counts, the last 24 hours by hour with the call counters, the activity feed.
import { z } from "zod";
import { PlanLimits } from "../plans/replies.js";
import { numberedPageOf, Timestamp } from "../replies/common.js";
import { SignalView } from "../signals/replies.js";
import { UsageRecord } from "../usage/replies.js";

export const DashboardStats = z.object({
  universes: z.number(),
  entities: z.number(),
  conversations: z.number(),
  /** Since midnight UTC. */
  runsToday: z.number(),
  tokensToday: z.number(),
  files: z.number(),
  storageBytes: z.number(),
  signalsToday: z.number(),
  openAlerts: z.number(),
});
export type DashboardStats = z.input<typeof DashboardStats>;

export const HourPoint = z.object({
  /** Start of the hour. */
  hour: Timestamp,
  runs: z.number(),
  tokens: z.number(),
});
export type HourPoint = z.input<typeof HourPoint>;

/** Limits are -1 where the plan has none. */
export const DashboardMetrics = z.object({
  hours: z.array(HourPoint),
  /** The usage record's calls in each rate window. */
  calls: UsageRecord.shape.counts,
  /** The plan's limits on those windows. */
  limits: PlanLimits.pick({
    apiCallsPerMinute: true,
    apiCallsPerHour: true,
    apiCallsPerDay: true,
    maxConcurrentRequests: true,
  }),
});
export type DashboardMetrics = z.input<typeof DashboardMetrics>;

export const ActivityPage = numberedPageOf(SignalView);
export type ActivityPage = z.input<typeof ActivityPage>;
