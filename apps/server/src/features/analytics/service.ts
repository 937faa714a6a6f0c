// The admin analytics reports, each one SQL statement of aggregates over the recorded data (date_trunc buckets,
// generate_series for empty ones), the same on PGlite and PostgreSQL. Only the aggregated rows come back; no report
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
  SYSTEM_LEDGER_SOURCES,
  shiftDate,
  TOP_QUESTS,
} from "@aacos/domain/analytics";
import { type Catalog, TIER_ORDER, type TierName, toTierName } from "@aacos/domain/catalog";
import { questById } from "@aacos/domain/progression";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

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

/** Ledger rows that mark the user active: everything but what the server credits on its own. */
const userActivity = sql`source not in (${sql.join(
  SYSTEM_LEDGER_SOURCES.map((source) => sql`${source}`),
  sql`, `,
)})`;

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

/**
 * Each user's tier over time as [since, until) segments rebuilt from plan_changes: before the first change the
 * change's from-plan, after each change its to-plan; a user who never changed tier has the current one since
 * sign-up. `onlyUsers` narrows it to users of a subquery.
 */
function tierSegments(onlyUsers?: SQL) {
  const changesOf = onlyUsers === undefined ? sql`` : sql`and user_id in (${onlyUsers})`;
  const usersOf = onlyUsers === undefined ? sql`` : sql`and u.id in (${onlyUsers})`;
  return sql`changes as (
      select user_id, from_plan, to_plan, effective_at, trial_ends_at,
        row_number() over w as n, lead(effective_at) over w as next_at
      from plan_changes where kind = 'tier' ${changesOf}
      window w as (partition by user_id order by effective_at, created_at, id)
    ),
    segments as (
      select c.user_id, c.from_plan as tier, u.created_at as since, c.effective_at as until,
        null::timestamptz as trial_until
      from changes c join users u on u.id = c.user_id where c.n = 1
      union all
      select user_id, to_plan, effective_at, coalesce(next_at, 'infinity'::timestamptz), trial_ends_at
      from changes
      union all
      select u.id, u.tier, u.created_at, 'infinity'::timestamptz, u.trial_ends_at from users u
      where not exists (select 1 from plan_changes p where p.user_id = u.id and p.kind = 'tier') ${usersOf}
    )`;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

export function createAnalyticsService(deps: {
  db: Db;
  catalog: CatalogReader;
  /** This instance's API-call counts not yet written: flushed before the api-calls report is read. */
  apiCalls?: { flush(): Promise<void> };
}): AnalyticsService {
  return {
    report: async (report, range) => {
      if (report === "api-calls") await deps.apiCalls?.flush();
      return deps.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local work_mem = '${REPORT_WORK_MEM}'`));
        return reportQueries(tx, deps.catalog)[report](range);
      });
    },
  };
}

function reportQueries(
  db: Executor,
  catalog: CatalogReader,
): Record<AnalyticsReport, (range: AnalyticsRange) => Promise<AnalyticsReportData>> {
  async function signups(range: AnalyticsRange): Promise<SignupsReport> {
    const r = rangeSql(range);
    const [buckets, totals] = await Promise.all([
      rowsOf<{ bucket: string; signups: number }>(
        db,
        sql`with buckets as (${r.buckets}),
          counts as (
            select ${r.bucketOf(sql`created_at`)} as start, count(*)::int as n
            from users where created_at >= ${r.start} and created_at < ${r.end} group by 1
          )
          select to_char(b.start, 'YYYY-MM-DD') as bucket, coalesce(c.n, 0)::int as signups
          from buckets b left join counts c on c.start = b.start order by b.start`,
      ),
      rowsOf<{ users: number }>(
        db,
        sql`select count(*)::int as users from users where created_at < ${r.end}`,
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
    // MAU on the first day looks 29 days back.
    const windowStart = sql`${`${shiftDate(range.from, -29)}T00:00:00Z`}::timestamptz`;
    // Rolling counts without a self-join: each active day of a user adds 1 from that day until the window (1, 7
    // or 30 days) has passed or the user's next active day takes over; a running sum gives each day's count.
    const rows = await rowsOf<{
      bucket: string;
      active: number;
      dau: number;
      wau: number;
      mau: number;
    }>(
      db,
      sql`with buckets as (${r.buckets}),
        user_days as (
          select distinct user_id, (created_at at time zone 'UTC')::date as day
          from progress_ledger
          where created_at >= ${windowStart} and created_at < ${r.end} and ${userActivity}
        ),
        spans as (
          select user_id, day, lead(day) over (partition by user_id order by day) as next_day from user_days
        ),
        changes as (
          select day as at, 1 as d1, 1 as d7, 1 as d30 from spans
          union all select day + 1, -1, 0, 0 from spans
          union all select least(coalesce(next_day, day + 7), day + 7), 0, -1, 0 from spans
          union all select least(coalesce(next_day, day + 30), day + 30), 0, 0, -1 from spans
        ),
        daily as (
          select at, sum(d1) as d1, sum(d7) as d7, sum(d30) as d30 from changes group by at
        ),
        points as (
          select start, (least(start + ${r.step}, (${r.lastDay} + 1)::timestamp))::date - 1 as last_day
          from buckets
        ),
        rolling as (
          select p.start, coalesce(sum(d.d1), 0) as dau, coalesce(sum(d.d7), 0) as wau,
            coalesce(sum(d.d30), 0) as mau
          from points p left join daily d on d.at <= p.last_day group by p.start
        ),
        bucket_active as (
          select date_trunc(${r.unit}, day::timestamp) as start, count(distinct user_id) as n
          from user_days where day >= ${range.from}::date group by 1
        )
        select to_char(b.start, 'YYYY-MM-DD') as bucket, coalesce(a.n, 0)::int as active,
          ro.dau::int as dau, ro.wau::int as wau, ro.mau::int as mau
        from buckets b join rolling ro on ro.start = b.start
        left join bucket_active a on a.start = b.start
        order by b.start`,
    );
    return {
      report: "active-users",
      range,
      buckets: rows.map((row) => ({
        bucket: row.bucket,
        active: Number(row.active),
        dau: Number(row.dau),
        wau: Number(row.wau),
        mau: Number(row.mau),
      })),
    };
  }

  async function retention(range: AnalyticsRange): Promise<RetentionReport> {
    const r = rangeSql(range);
    const rows = await rowsOf<{
      cohort: string;
      size: number;
      week: number | null;
      active: number | null;
      last_week: number;
    }>(
      db,
      sql`with cohort_users as (
          select id, date_trunc('week', created_at at time zone 'UTC')::date as cohort
          from users where created_at >= ${r.start} and created_at < ${r.end}
        ),
        sizes as (select cohort, count(*)::int as size from cohort_users group by cohort),
        weekly as (
          select c.cohort,
            ((date_trunc('week', l.created_at at time zone 'UTC')::date - c.cohort) / 7)::int as week,
            count(distinct l.user_id)::int as active
          from progress_ledger l join cohort_users c on c.id = l.user_id
          where l.created_at >= ${r.start} and l.created_at < ${r.end} and ${userActivity}
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
          ${tierSegments()},
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
    const runUsers = sql`select distinct user_id from runs
      where created_at >= ${r.start} and created_at < ${r.end}`;
    // Runs are counted under the tier the user had when the run happened.
    const rows = await rowsOf<{
      bucket: string;
      tier: string;
      runs: number;
      prompt_tokens: number;
      completion_tokens: number;
    }>(
      db,
      sql`with ${tierSegments(runUsers)}
        select to_char(${r.bucketOf(sql`r.created_at`)}, 'YYYY-MM-DD') as bucket, s.tier,
          count(*)::int as runs, coalesce(sum(r.prompt_tokens), 0)::float8 as prompt_tokens,
          coalesce(sum(r.completion_tokens), 0)::float8 as completion_tokens
        from runs r
        join segments s on s.user_id = r.user_id and r.created_at >= s.since and r.created_at < s.until
        where r.created_at >= ${r.start} and r.created_at < ${r.end}
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
