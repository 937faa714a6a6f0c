// Replies of the dashboard: the user's counts, the last 24 hours by hour with the call counters, the activity feed.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";
import { SignalView } from "../signals/replies.js";

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
  calls: z.object({
    minute: z.number(),
    hour: z.number(),
    day: z.number(),
    concurrent: z.number(),
  }),
  limits: z.object({
    apiCallsPerMinute: z.number(),
    apiCallsPerHour: z.number(),
    apiCallsPerDay: z.number(),
    maxConcurrentRequests: z.number(),
  }),
});
export type DashboardMetrics = z.input<typeof DashboardMetrics>;

export const ActivityPage = z.object({
  items: z.array(SignalView),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type ActivityPage = z.input<typeof ActivityPage>;
