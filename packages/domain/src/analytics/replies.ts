// Replies of analytics: one report as JSON (GET /api/admin/analytics/:report?format=json); the CSV form is a download.
import { z } from "zod";
import { TIER_NAMES } from "../catalog/types.js";
import { tokenUse } from "../replies/common.js";
import { ANALYTICS_INTERVALS } from "./index.js";

const Tier = z.enum(TIER_NAMES);

export const AnalyticsRange = z.object({
  /** First day, YYYY-MM-DD (UTC). */
  from: z.string(),
  /** Last day, included. */
  to: z.string(),
  interval: z.enum(ANALYTICS_INTERVALS),
});
export type AnalyticsRange = z.input<typeof AnalyticsRange>;

/** A report's reply: its name, the range it covers and its own figures. */
function report<Name extends string, Shape extends z.ZodRawShape>(name: Name, shape: Shape) {
  return z.object({ report: z.literal(name), range: AnalyticsRange, ...shape });
}
/** Per-bucket figures split by tier. */
function tierBuckets<Figures extends z.ZodType>(figures: Figures) {
  return z.array(z.object({ bucket: z.string(), byTier: z.array(figures) }));
}

export const SignupsReport = report("signups", {
  buckets: z.array(z.object({ bucket: z.string(), signups: z.number() })),
  /** Sign-ups within the range. */
  total: z.number(),
  /** Accounts that existed at the end of the range. */
  totalUsers: z.number(),
});
export type SignupsReport = z.input<typeof SignupsReport>;

export const ActiveUsersBucket = z.object({
  bucket: z.string(),
  /** Distinct users active within the bucket (inside the range). */
  active: z.number(),
  /** Rolling figures on the bucket's last day (within the range): that day, 7 days, 30 days. */
  dau: z.number(),
  wau: z.number(),
  mau: z.number(),
});
export type ActiveUsersBucket = z.input<typeof ActiveUsersBucket>;
export const ActiveUsersReport = report("active-users", {
  buckets: z.array(ActiveUsersBucket),
});
export type ActiveUsersReport = z.input<typeof ActiveUsersReport>;

export const RetentionCohort = z.object({
  /** Monday of the sign-up week. */
  cohort: z.string(),
  size: z.number(),
  /** Week 0 is the sign-up week; only weeks that began by the end of the range. */
  weeks: z.array(z.object({ week: z.number(), active: z.number(), share: z.number() })),
});
export type RetentionCohort = z.input<typeof RetentionCohort>;
export const RetentionReport = report("retention", {
  cohorts: z.array(RetentionCohort),
});
export type RetentionReport = z.input<typeof RetentionReport>;

export const RevenueTierFigures = z.object({
  tier: Tier,
  subscribers: z.number(),
  mrr: z.number(),
});
export type RevenueTierFigures = z.input<typeof RevenueTierFigures>;
export const RevenueBucket = z.object({
  bucket: z.string(),
  /** Monthly recurring revenue at the close of the bucket, at today's catalogue prices. */
  mrr: z.number(),
  byTier: z.array(RevenueTierFigures),
  /** Users in a paid tier's trial at the close of the bucket (not in MRR). */
  trialing: z.number(),
  upgrades: z.number(),
  downgrades: z.number(),
  /** Moves from a paid tier to the free one. */
  churn: z.number(),
});
export type RevenueBucket = z.input<typeof RevenueBucket>;
export const RevenueReport = report("revenue", {
  currency: z.string(),
  /** The monthly prices used, from the catalogue. */
  prices: z.array(z.object({ tier: Tier, monthly: z.number() })),
  buckets: z.array(RevenueBucket),
});
export type RevenueReport = z.input<typeof RevenueReport>;

export const AiUsageTierFigures = z.object({
  tier: Tier,
  runs: z.number(),
  ...tokenUse,
});
export type AiUsageTierFigures = z.input<typeof AiUsageTierFigures>;
export const AiUsageReport = report("ai-usage", {
  buckets: tierBuckets(AiUsageTierFigures),
  totals: z.array(AiUsageTierFigures),
  /** Kept in its own report, "api-calls" (docs/decisions/221-api-calls-by-tier.md). */
  apiCalls: z.null(),
});
export type AiUsageReport = z.input<typeof AiUsageReport>;

const TierCalls = z.object({ tier: Tier, calls: z.number() });
/** Metered API calls (plan calls the server accepted) by the caller's tier at the time, per bucket. */
export const ApiCallsReport = report("api-calls", {
  buckets: tierBuckets(TierCalls),
  totals: z.array(TierCalls),
});
export type ApiCallsReport = z.input<typeof ApiCallsReport>;

export const QuestsReport = report("quests", {
  items: z.array(z.object({ questId: z.string(), name: z.string(), completions: z.number() })),
});
export type QuestsReport = z.input<typeof QuestsReport>;

export const AnalyticsReportData = z.discriminatedUnion("report", [
  SignupsReport,
  ActiveUsersReport,
  RetentionReport,
  RevenueReport,
  AiUsageReport,
  ApiCallsReport,
  QuestsReport,
]);
export type AnalyticsReportData = z.input<typeof AnalyticsReportData>;
