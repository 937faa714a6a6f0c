// The admin analytics reports, the same on PGlite and PostgreSQL. Sign-ups, active users, retention and AI usage read
// the daily rollups for closed UTC days and the live rows from today on (docs/decisions/222-analytics-rollups.md);
// revenue, API calls and quests aggregate their small tables directly. Only aggregated rows come back; no report
// reads every user or ledger row into memory. Definitions: docs/decisions/125-analytics-definitions.md.
import {
  type ActiveUsersReport,
  type AiUsageReport,
  type AiUsageTierFigures,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsReportData,
  type ApiCallsReport,
  monthlyRevenueOf,
  type QuestsReport,
  type RetentionReport,
  type RevenueReport,
  type RevenueTierFigures,
  type SignupsReport,
  shiftDate,
  TOP_QUESTS,
  utcDate,
} from "@aacos/domain/analytics";
import { type Catalog, TIER_ORDER, type TierName, toTierName } from "@aacos/domain/catalog";
import { questById } from "@aacos/domain/progression";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  type AnalyticsRollups,
  aiUsageByDay,
  createAnalyticsRollups,
  dayFigures,
  dayStart,
  tierSegments,
  userActivity,
} from "./rollups.js";

export interface AnalyticsService {
  report(report: AnalyticsReport, range: AnalyticsRange): Promise<AnalyticsReportData>;
}

/** Reads the plan catalogue as it is now (prices may be edited at run time), never a copy taken at start-up. */
export type CatalogReader = () => Catalog | Promise<Catalog>;

/** What the reports run on: the database or a transaction. */
interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * Memory for one report's sorts and hashes (per operation), so a large range sorts in memory instead of spilling
 * to disk; set for the report's own transaction only.
 */
const REPORT_WORK_MEM = "32MB";

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The range as SQL pieces: UTC day boundaries and the bucket series (every bucket, empty ones included). */
function rangeSql(range: AnalyticsRange) {
  const start = `${range.from}T00:00:00Z`;
  const end = `${shiftDate(range.to, 1)}T00:00:00Z`;
  const unit = sql.raw(`'${range.interval}'`);
  const step = sql.raw(`interval '1 ${range.interval}'`);
  return {
    start: sql`${start}::timestamptz`,
    end: sql`${end}::timestamptz`,
    unit,
    step,
    /** Bucket starts as UTC timestamps; the first may begin before `from` (a partial week or month). */
    buckets: sql`select b::timestamp as start
      from generate_series(date_trunc(${unit}, ${range.from}::timestamp), ${range.to}::timestamp, ${step}) as b`,
    /** A timestamptz column's bucket. */
    bucketOf: (column: SQL) => sql`date_trunc(${unit}, ${column} at time zone 'UTC')`,
    lastDay: sql`${range.to}::date`,
  };
}

/** The tiers with their price and order, as a VALUES list read from the catalogue at the time of the request. */
function plansSql(catalog: Catalog) {
  const prices = TIER_ORDER.map((name) => {
    const tier = catalog.tiers.find((candidate) => candidate.name === name);
    return { tier: name, monthly: monthlyRevenueOf(tier?.pricing.monthly ?? 0) };
  });
  const values = sql.join(
    prices.map(
      (price, position) => sql`(${price.tier}::text, ${price.monthly}::float8, ${position}::int)`,
    ),
    sql`, `,
  );
  return { prices, values: sql`plans(tier, price, position) as (values ${values})` };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

export function createAnalyticsService(deps: {
  db: Db;
  catalog: CatalogReader;
  /** The clock that says which UTC day is today: days before it are read from the rollups, the rest live. */
  clock: () => Date;
  /** This instance's API-call counts not yet written: flushed before the api-calls report is read. */
  apiCalls?: { flush(): Promise<void> };
  /** The rollups; by default over the same database. */
  rollups?: AnalyticsRollups;
}): AnalyticsService & { rollups: AnalyticsRollups } {
  const rollups = deps.rollups ?? createAnalyticsRollups({ db: deps.db });
  return {
    rollups,
    report: async (report, range) => {
      const now = deps.clock();
      if (report === "api-calls") await deps.apiCalls?.flush();
      // Days the job has not rolled up yet (a first start, a missed run) are backfilled before the first read.
      await rollups.catchUp(now);
      return deps.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local work_mem = '${REPORT_WORK_MEM}'`));
        return reportQueries(tx, deps.catalog, utcDate(now))[report](range);
      });
    },
  };
}

/** The last day of the bucket that starts on `start`. */
function bucketLast(start: string, interval: AnalyticsRange["interval"]): string {
  if (interval === "day") return start;
  if (interval === "week") return shiftDate(start, 6);
  const at = new Date(`${start}T00:00:00Z`);
  return utcDate(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)));
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

function reportQueries(
  db: Executor,
  catalog: CatalogReader,
  today: string,
): Record<AnalyticsReport, (range: AnalyticsRange) => Promise<AnalyticsReportData>> {
  const yesterday = shiftDate(today, -1);
  /** The range's closed days (read from the rollups) and its days from today on (read live); null when none. */
  function split(range: AnalyticsRange) {
    const closedTo = earlier(range.to, yesterday);
    const liveFrom = later(range.from, today);
    return {
      closed: range.from <= closedTo ? { from: range.from, to: closedTo } : null,
      live: liveFrom <= range.to ? { from: liveFrom, to: range.to } : null,
    };
  }

  /** Distinct active users over the days [first, last]: rolled-up user-days before today, ledger rows after. */
  async function activeBetween(first: string, last: string): Promise<number> {
    const parts: SQL[] = [];
    const closedTo = earlier(last, yesterday);
    if (first <= closedTo) {
      parts.push(sql`select user_id from analytics_user_days
        where day >= ${first}::date and day <= ${closedTo}::date`);
    }
    const liveFrom = later(first, today);
    if (liveFrom <= last) {
      parts.push(sql`select user_id from progress_ledger
        where created_at >= ${dayStart(liveFrom)} and created_at < ${dayStart(shiftDate(last, 1))}
          and ${userActivity}`);
    }
    if (parts.length === 0) return 0;
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(distinct user_id)::int as n from (${sql.join(parts, sql` union all `)}) as active`,
    );
    return Number(row?.n ?? 0);
  }

  async function signups(range: AnalyticsRange): Promise<SignupsReport> {
    const r = rangeSql(range);
    const { closed, live } = split(range);
    const parts: SQL[] = [];
    if (closed !== null) {
      parts.push(sql`select day::timestamp as at, signups as n from analytics_days
        where day >= ${closed.from}::date and day <= ${closed.to}::date`);
    }
    if (live !== null) {
      parts.push(sql`select created_at at time zone 'UTC', 1 from users
        where created_at >= ${dayStart(live.from)} and created_at < ${r.end}`);
    }
    const counted =
      parts.length === 0
        ? sql`select null::timestamp as at, 0 as n where false`
        : sql.join(parts, sql` union all `);
    const [buckets, totals] = await Promise.all([
      rowsOf<{ bucket: string; signups: number }>(
        db,
        sql`with buckets as (${r.buckets}),
          counts as (
            select date_trunc(${r.unit}, at) as start, sum(n)::int as n from (${counted}) c group by 1
          )
          select to_char(b.start, 'YYYY-MM-DD') as bucket, coalesce(c.n, 0)::int as signups
          from buckets b left join counts c on c.start = b.start order by b.start`,
      ),
      // Everyone who signed up before the range's end: the closed days' sign-ups, then the live ones.
      rowsOf<{ users: number }>(
        db,
        sql`select (
            (select coalesce(sum(signups), 0) from analytics_days
              where day <= ${earlier(range.to, yesterday)}::date)
            + (select count(*) from users where created_at >= ${dayStart(today)} and created_at < ${r.end})
          )::int as users`,
      ),
    ]);
    const list = buckets.map((row) => ({ bucket: row.bucket, signups: Number(row.signups) }));
    return {
      report: "signups",
      range,
      buckets: list,
      total: list.reduce((sum, row) => sum + row.signups, 0),
      totalUsers: Number(totals[0]?.users ?? 0),
    };
  }

  async function activeUsers(range: AnalyticsRange): Promise<ActiveUsersReport> {
    const r = rangeSql(range);
    const starts = await bucketList(r);
    // A closed day's DAU, WAU, MAU and week and month to date are stored.
    const stored = await rowsOf<{
      day: string;
      dau: number;
      wau: number;
      mau: number;
      week_active: number;
      month_active: number;
    }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, dau, wau, mau, week_active, month_active
        from analytics_days where day >= ${range.from}::date and day <= ${earlier(range.to, yesterday)}::date`,
    );
    const byDay = new Map(stored.map((row) => [row.day, row]));
    // Days from today on: the same figures over the closed user-days they need plus today's ledger rows, live.
    if (range.to >= today) {
      const first = sql`least(${today}::date - 29, date_trunc('month', ${today}::timestamp)::date)`;
      const live = await rowsOf<(typeof stored)[number]>(
        db,
        sql`select to_char(day, 'YYYY-MM-DD') as day, dau, wau, mau, week_active, month_active
          from (${dayFigures(
            sql`select user_id, day from analytics_user_days where day >= ${first} and day <= ${yesterday}::date
              union
              select user_id, (created_at at time zone 'UTC')::date from progress_ledger
              where created_at >= ${dayStart(today)} and created_at < ${r.end} and ${userActivity}`,
            first,
            sql`${range.to}::date`,
          )}) as figures
          where day >= ${later(today, range.from)}::date`,
      );
      for (const row of live) byDay.set(row.day, row);
    }
    const zero = { dau: 0, wau: 0, mau: 0, week_active: 0, month_active: 0 };
    const buckets: ActiveUsersReport["buckets"] = [];
    for (const start of starts) {
      const last = earlier(bucketLast(start, range.interval), range.to);
      const first = later(start, range.from);
      const row = byDay.get(last) ?? zero;
      const toDate = range.interval === "week" ? row.week_active : row.month_active;
      // A bucket cut by the range's start is counted from that day, not from the bucket's own start.
      const active =
        range.interval === "day"
          ? Number(row.dau)
          : first === start
            ? Number(toDate)
            : await activeBetween(first, last);
      buckets.push({
        bucket: start,
        active,
        dau: Number(row.dau),
        wau: Number(row.wau),
        mau: Number(row.mau),
      });
    }
    return { report: "active-users", range, buckets };
  }

  async function retention(range: AnalyticsRange): Promise<RetentionReport> {
    const r = rangeSql(range);
    const { closed, live } = split(range);
    const weekOf = (day: SQL) => sql`date_trunc('week', (${day})::timestamp)::date`;
    const sizeParts: SQL[] = [];
    const activeParts: SQL[] = [];
    if (closed !== null) {
      sizeParts.push(sql`select ${weekOf(sql`day`)} as cohort, signups as n from analytics_days
        where day >= ${closed.from}::date and day <= ${closed.to}::date`);
      activeParts.push(sql`select ${weekOf(sql`signup_day`)} as cohort, ${weekOf(sql`active_day`)} as week_start,
          users as n
        from analytics_retention_days
        where signup_day >= ${range.from}::date and signup_day <= ${range.to}::date
          and active_day >= ${closed.from}::date and active_day <= ${closed.to}::date`);
    }
    if (live !== null) {
      sizeParts.push(sql`select ${weekOf(sql`created_at at time zone 'UTC'`)}, 1 from users
        where created_at >= ${dayStart(live.from)} and created_at < ${r.end}`);
      // Each user once per week: live days count a user only if no closed day of the same week (within the
      // range) already did.
      activeParts.push(sql`select ${weekOf(sql`u.created_at at time zone 'UTC'`)}, ${weekOf(sql`f.day`)}, 1
        from (
          select user_id, min((created_at at time zone 'UTC')::date) as day from progress_ledger
          where created_at >= ${dayStart(live.from)} and created_at < ${r.end} and ${userActivity}
          group by user_id, date_trunc('week', created_at at time zone 'UTC')
        ) f join users u on u.id = f.user_id
        where u.created_at >= ${r.start} and u.created_at < ${r.end}
          and not exists (select 1 from analytics_user_days d where d.user_id = f.user_id
            and d.day >= greatest(${weekOf(sql`f.day`)}, ${range.from}::date) and d.day < ${today}::date)`);
    }
    const union = (parts: SQL[]) => sql.join(parts, sql` union all `);
    const rows = await rowsOf<{
      cohort: string;
      size: number;
      week: number | null;
      active: number | null;
      last_week: number;
    }>(
      db,
      sql`with sizes as (
          select cohort, sum(n)::int as size from (${union(sizeParts)}) s group by cohort having sum(n) > 0
        ),
        weekly as (
          select cohort, ((week_start - cohort) / 7)::int as week, sum(n)::int as active
          from (${union(activeParts.length > 0 ? activeParts : [sql`select null::date, null::date, 0`])}) a (cohort, week_start, n)
          group by 1, 2
        )
        select to_char(s.cohort, 'YYYY-MM-DD') as cohort, s.size, w.week, w.active,
          ((date_trunc('week', ${r.lastDay}::timestamp)::date - s.cohort) / 7)::int as last_week
        from sizes s left join weekly w on w.cohort = s.cohort
        order by s.cohort, w.week`,
    );
    const cohorts = new Map<
      string,
      { size: number; lastWeek: number; active: Map<number, number> }
    >();
    for (const row of rows) {
      let cohort = cohorts.get(row.cohort);
      if (cohort === undefined) {
        cohort = { size: Number(row.size), lastWeek: Number(row.last_week), active: new Map() };
        cohorts.set(row.cohort, cohort);
      }
      if (row.week !== null) cohort.active.set(Number(row.week), Number(row.active ?? 0));
    }
    return {
      report: "retention",
      range,
      cohorts: [...cohorts].map(([cohort, data]) => ({
        cohort,
        size: data.size,
        weeks: Array.from({ length: data.lastWeek + 1 }, (_, week) => {
          const active = data.active.get(week) ?? 0;
          return { week, active, share: data.size === 0 ? 0 : round4(active / data.size) };
        }),
      })),
    };
  }

  async function revenue(range: AnalyticsRange): Promise<RevenueReport> {
    const r = rangeSql(range);
    const prices = await catalog();
    const plans = plansSql(prices);
    const firstStart = sql`date_trunc(${r.unit}, ${range.from}::timestamp)`;
    // Changes to a segment's figures at a moment: a paying subscriber adds the price once the trial is over and
    // takes it away when the segment ends; the trial itself counts as trialing. MRR at a bucket's close is the
    // running sum of all changes up to then.
    const [figures, moves] = await Promise.all([
      rowsOf<{
        bucket: string;
        tier: string;
        mrr: number;
        subscribers: number;
        trialing: number;
      }>(
        db,
        sql`with ${plans.values},
          buckets as (${r.buckets}),
          ${tierSegments(
            undefined,
            plans.prices.filter((price) => price.monthly > 0).map((price) => price.tier),
          )},
          paid as (
            select s.tier, p.price, s.since, s.until,
              greatest(s.since, coalesce(s.trial_until, s.since)) as paying_from
            from segments s join plans p on p.tier = s.tier
            where p.price > 0 and s.since < s.until and s.since < ${r.end}
          ),
          events as (
            select tier, paying_from as at, price as mrr, 1 as subscribers, 0 as trialing
              from paid where paying_from < until
            union all select tier, until, -price, -1, 0
              from paid where paying_from < until and until < 'infinity'::timestamptz
            union all select tier, since, 0, 0, 1 from paid where paying_from > since
            union all select tier, least(paying_from, until), 0, 0, -1
              from paid where paying_from > since and least(paying_from, until) < 'infinity'::timestamptz
          ),
          bucketed as (
            select tier,
              case when at < (${firstStart} at time zone 'UTC') then null
                else ${r.bucketOf(sql`at`)} end as start,
              sum(mrr) as mrr, sum(subscribers) as subscribers, sum(trialing) as trialing
            from events where at < ${r.end} group by 1, 2
          ),
          baseline as (
            select tier, sum(mrr) as mrr, sum(subscribers) as subscribers, sum(trialing) as trialing
            from bucketed where start is null group by tier
          ),
          grid as (select b.start, p.tier, p.position from buckets b cross join plans p where p.price > 0)
          select to_char(g.start, 'YYYY-MM-DD') as bucket, g.tier,
            (coalesce(bl.mrr, 0) + sum(coalesce(bk.mrr, 0)) over running)::float8 as mrr,
            (coalesce(bl.subscribers, 0) + sum(coalesce(bk.subscribers, 0)) over running)::int as subscribers,
            (coalesce(bl.trialing, 0) + sum(coalesce(bk.trialing, 0)) over running)::int as trialing
          from grid g
          left join bucketed bk on bk.tier = g.tier and bk.start = g.start
          left join baseline bl on bl.tier = g.tier
          window running as (partition by g.tier order by g.start)
          order by g.start, g.position`,
      ),
      rowsOf<{ bucket: string; upgrades: number; downgrades: number; churn: number }>(
        db,
        sql`with ${plans.values}
          select to_char(${r.bucketOf(sql`pc.effective_at`)}, 'YYYY-MM-DD') as bucket,
            count(*) filter (where t.position > f.position)::int as upgrades,
            count(*) filter (where t.position < f.position and t.price > 0)::int as downgrades,
            count(*) filter (where t.price <= 0 and f.price > 0)::int as churn
          from plan_changes pc
          join plans f on f.tier = pc.from_plan
          join plans t on t.tier = pc.to_plan
          where pc.kind = 'tier' and pc.effective_at >= ${r.start} and pc.effective_at < ${r.end}
          group by 1`,
      ),
    ]);
    const byBucket = new Map<string, { byTier: RevenueTierFigures[]; trialing: number }>();
    for (const row of figures) {
      let entry = byBucket.get(row.bucket);
      if (entry === undefined) {
        entry = { byTier: [], trialing: 0 };
        byBucket.set(row.bucket, entry);
      }
      entry.byTier.push({
        tier: toTierName(row.tier),
        subscribers: Number(row.subscribers),
        mrr: round2(Number(row.mrr)),
      });
      entry.trialing += Number(row.trialing);
    }
    const movesByBucket = new Map(moves.map((row) => [row.bucket, row]));
    // With no paid tier at all the grid is empty: the bucket list comes from the range.
    const bucketNames = await bucketList(r);
    return {
      report: "revenue",
      range,
      currency: prices.tiers[0]?.pricing.currency ?? "USD",
      prices: plans.prices,
      buckets: bucketNames.map((bucket) => {
        const entry = byBucket.get(bucket) ?? { byTier: [], trialing: 0 };
        const move = movesByBucket.get(bucket);
        return {
          bucket,
          mrr: round2(entry.byTier.reduce((sum, tier) => sum + tier.mrr, 0)),
          byTier: entry.byTier,
          trialing: entry.trialing,
          upgrades: Number(move?.upgrades ?? 0),
          downgrades: Number(move?.downgrades ?? 0),
          churn: Number(move?.churn ?? 0),
        };
      }),
    };
  }

  async function bucketList(r: ReturnType<typeof rangeSql>): Promise<string[]> {
    const rows = await rowsOf<{ bucket: string }>(
      db,
      sql`select to_char(start, 'YYYY-MM-DD') as bucket from (${r.buckets}) b order by start`,
    );
    return rows.map((row) => row.bucket);
  }

  async function aiUsage(range: AnalyticsRange): Promise<AiUsageReport> {
    const r = rangeSql(range);
    const { closed, live } = split(range);
    // Runs are counted under the tier the user had when the run happened (fixed once the day is rolled up).
    const parts: SQL[] = [];
    if (closed !== null) {
      parts.push(sql`select day, tier, runs, prompt_tokens, completion_tokens from analytics_ai_days
        where day >= ${closed.from}::date and day <= ${closed.to}::date`);
    }
    if (live !== null) parts.push(aiUsageByDay(dayStart(live.from), r.end));
    const rows =
      parts.length === 0
        ? []
        : await rowsOf<{
            bucket: string;
            tier: string;
            runs: number;
            prompt_tokens: number;
            completion_tokens: number;
          }>(
            db,
            sql`select to_char(date_trunc(${r.unit}, day::timestamp), 'YYYY-MM-DD') as bucket, tier,
                sum(runs)::int as runs, sum(prompt_tokens)::float8 as prompt_tokens,
                sum(completion_tokens)::float8 as completion_tokens
              from (${sql.join(
                parts.map((part) => sql`(${part})`),
                sql` union all `,
              )}) as days
              group by 1, 2`,
          );
    const empty = (tier: TierName): AiUsageTierFigures => ({
      tier,
      runs: 0,
      promptTokens: 0,
      completionTokens: 0,
    });
    const add = (into: AiUsageTierFigures, row: (typeof rows)[number]) => {
      into.runs += Number(row.runs);
      into.promptTokens += Number(row.prompt_tokens);
      into.completionTokens += Number(row.completion_tokens);
    };
    const buckets = (await bucketList(r)).map((bucket) => ({
      bucket,
      byTier: TIER_ORDER.map(empty),
    }));
    const index = new Map(buckets.map((bucket) => [bucket.bucket, bucket]));
    const totals = TIER_ORDER.map(empty);
    for (const row of rows) {
      const position = TIER_ORDER.indexOf(toTierName(row.tier));
      const cell = index.get(row.bucket)?.byTier[position];
      const total = totals[position];
      if (cell !== undefined) add(cell, row);
      if (total !== undefined) add(total, row);
    }
    return { report: "ai-usage", range, buckets, totals, apiCalls: null };
  }

  async function apiCalls(range: AnalyticsRange): Promise<ApiCallsReport> {
    const r = rangeSql(range);
    const rows = await rowsOf<{ bucket: string; tier: string; calls: number }>(
      db,
      sql`select to_char(date_trunc(${r.unit}, day::timestamp), 'YYYY-MM-DD') as bucket, tier,
          sum(calls)::float8 as calls
        from api_call_days where day >= ${range.from}::date and day <= ${r.lastDay}
        group by 1, 2`,
    );
    const buckets = (await bucketList(r)).map((bucket) => ({
      bucket,
      byTier: TIER_ORDER.map((tier) => ({ tier, calls: 0 })),
    }));
    const index = new Map(buckets.map((bucket) => [bucket.bucket, bucket]));
    const totals = TIER_ORDER.map((tier) => ({ tier, calls: 0 }));
    for (const row of rows) {
      const position = TIER_ORDER.indexOf(toTierName(row.tier));
      const cell = index.get(row.bucket)?.byTier[position];
      const total = totals[position];
      if (cell !== undefined) cell.calls += Number(row.calls);
      if (total !== undefined) total.calls += Number(row.calls);
    }
    return { report: "api-calls", range, buckets, totals };
  }

  async function quests(range: AnalyticsRange): Promise<QuestsReport> {
    const r = rangeSql(range);
    const rows = await rowsOf<{ quest_id: string; completions: number }>(
      db,
      sql`select quest_id, count(*)::int as completions from user_quests
        where status = 'completed' and completed_at >= ${r.start} and completed_at < ${r.end}
        group by quest_id order by completions desc, quest_id limit ${TOP_QUESTS}`,
    );
    return {
      report: "quests",
      range,
      items: rows.map((row) => ({
        questId: row.quest_id,
        name: questById(row.quest_id)?.name ?? row.quest_id,
        completions: Number(row.completions),
      })),
    };
  }

  return {
    signups,
    "active-users": activeUsers,
    retention,
    revenue,
    "ai-usage": aiUsage,
    "api-calls": apiCalls,
    quests,
  };
}
