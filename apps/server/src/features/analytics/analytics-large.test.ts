// The analytics numbers match straightforward SQL counts over a large seeded data set: 100,000 users and 1,000,000
// ledger rows on PostgreSQL (DATABASE_URL set, as CI's second server run), 10,000 and 100,000 on PGlite so the
// normal run stays fast. Seeding is a few set-based INSERT … SELECT generate_series statements.
import {
  type AnalyticsInterval,
  type AnalyticsReport,
  type AnalyticsReportData,
  type RevenueReport,
  SYSTEM_LEDGER_SOURCES,
  shiftDate,
} from "@aacos/domain/analytics";
import { buildCatalog, TIER_ORDER, tierByName } from "@aacos/domain/catalog";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { seedAnalyticsData } from "../../test/analytics.js";
import { openTestDatabase } from "../../test/helper.js";
import { createAnalyticsService } from "./service.js";

const onPostgres = (process.env.DATABASE_URL ?? "") !== "";
const USERS = onPostgres ? 100_000 : 10_000;
const LEDGER_ROWS = onPostgres ? 1_000_000 : 100_000;
const FROM = "2025-01-01";
const TO = "2025-05-31";
const LONG = 600_000;
/** Today is the range's last day: the days before it are read from the rollups, today's rows live. */
const NOW = "2025-05-31T12:00:00Z";
/** Users signed up today after the rollup (the last test adds them). */
let addedUsers = 0;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let service: ReturnType<typeof createAnalyticsService>;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function one(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string | null }>(query);
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.database.db;
  await seedAnalyticsData(db, { users: USERS, ledgerRows: LEDGER_ROWS });
  service = createAnalyticsService({ db, catalog: buildCatalog, clock: () => new Date(NOW) });
}, LONG);
afterAll(async () => {
  await database.database.close();
  await database.drop();
}, LONG);

async function report<T extends AnalyticsReportData>(
  name: AnalyticsReport,
  interval: AnalyticsInterval,
): Promise<T> {
  return (await service.report(name, { from: FROM, to: TO, interval })) as T;
}

const at = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz`;
const active = sql`source not in (${sql.join(
  SYSTEM_LEDGER_SOURCES.map((source) => sql`${source}`),
  sql`, `,
)})`;

describe(`analytics over ${USERS.toLocaleString("en")} users and ${LEDGER_ROWS.toLocaleString("en")} ledger rows`, () => {
  it("seeded what it says", async () => {
    expect(await one(sql`select count(*) as n from users`)).toBe(USERS);
    expect(await one(sql`select count(*) as n from progress_ledger`)).toBe(LEDGER_ROWS);
  });
  equalsPlainCounts("after the first rollup");

  it(
    "a second rollup run over closed days writes the same rows",
    async () => {
      const before = await rollupFingerprint();
      expect(await service.rollups.through()).toBe("2025-05-30");
      await service.rollups.rollUp("2025-04-01", "2025-05-30");
      expect(await rollupFingerprint()).toEqual(before);
    },
    LONG,
  );

  it(
    "rows written today after the rollup are read live",
    async () => {
      // New users signing up today, each active and running AI; some earlier users active again today.
      addedUsers = 50;
      await db.execute(sql`insert into users (id, email, username, tier, created_at)
        select gen_random_uuid(), 'today' || i || '@example.org', 'today' || i,
          case when i % 2 = 0 then 'quantum' else 'genesis' end,
          timestamptz '2025-05-31 12:30:00+00' + i * interval '1 minute'
        from generate_series(1, ${addedUsers}) as i`);
      await db.execute(sql`insert into progress_ledger (user_id, xp, reason, source, source_key, created_at)
        select id, 1, 'today', case when n % 5 = 0 then 'event' else 'chatMessage' end, 'today:' || n,
          timestamptz '2025-05-31 13:00:00+00' + n * interval '1 second'
        from (select id, row_number() over (order by username) as n from users
          where username like 'today%' or username like 'big1%') u`);
      await db.execute(sql`insert into runs (user_id, kind, status, prompt_tokens, completion_tokens, created_at)
        select id, 'chat', 'succeeded', 3, 2, timestamptz '2025-05-31 14:00:00+00'
        from users where username like 'today%' or username like 'big2%'`);
    },
    LONG,
  );

  equalsPlainCounts("with today's new rows");
});

function equalsPlainCounts(phase: string) {
  it(
    `${phase}: sign-ups per day equal a plain count per date`,
    async () => {
      const data = await report<Extract<AnalyticsReportData, { report: "signups" }>>(
        "signups",
        "day",
      );
      const direct = await rows<{ day: string; n: number }>(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from users
        where created_at >= ${at(FROM)} and created_at < ${at(shiftDate(TO, 1))} group by 1`);
      const expected = new Map(direct.map((row) => [row.day, Number(row.n)]));
      expect(data.buckets).toHaveLength(151);
      for (const bucket of data.buckets) {
        expect({ day: bucket.bucket, n: bucket.signups }).toEqual({
          day: bucket.bucket,
          n: expected.get(bucket.bucket) ?? 0,
        });
      }
      expect(data.total).toBe(USERS + addedUsers);
      expect(data.totalUsers).toBe(USERS + addedUsers);
    },
    LONG,
  );

  it(
    `${phase}: DAU, WAU, MAU and weekly actives equal distinct counts over their windows`,
    async () => {
      const daily = await report<Extract<AnalyticsReportData, { report: "active-users" }>>(
        "active-users",
        "day",
      );
      const dau = await rows<{ day: string; n: number }>(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct user_id)::int as n
        from progress_ledger where ${active} and created_at >= ${at(FROM)} and created_at < ${at(shiftDate(TO, 1))}
        group by 1`);
      const dauByDay = new Map(dau.map((row) => [row.day, Number(row.n)]));
      for (const bucket of daily.buckets) {
        expect({ day: bucket.bucket, dau: bucket.dau }).toEqual({
          day: bucket.bucket,
          dau: dauByDay.get(bucket.bucket) ?? 0,
        });
      }
      const distinctWithin = (first: string, last: string) =>
        one(sql`select count(distinct user_id) as n from progress_ledger
          where ${active} and created_at >= ${at(first)} and created_at < ${at(shiftDate(last, 1))}`);
      for (const day of ["2025-01-01", "2025-02-14", "2025-04-30", TO]) {
        const bucket = daily.buckets.find((b) => b.bucket === day);
        expect({ day, wau: bucket?.wau, mau: bucket?.mau }).toEqual({
          day,
          wau: await distinctWithin(shiftDate(day, -6), day),
          mau: await distinctWithin(shiftDate(day, -29), day),
        });
      }
      const weekly = await report<Extract<AnalyticsReportData, { report: "active-users" }>>(
        "active-users",
        "week",
      );
      for (const bucket of weekly.buckets.slice(1, 6)) {
        expect({ week: bucket.bucket, active: bucket.active }).toEqual({
          week: bucket.bucket,
          active: await distinctWithin(bucket.bucket, shiftDate(bucket.bucket, 6)),
        });
      }
    },
    LONG,
  );

  it(
    `${phase}: retention cohorts equal direct counts of each cohort's activity`,
    async () => {
      const data = await report<Extract<AnalyticsReportData, { report: "retention" }>>(
        "retention",
        "week",
      );
      for (const cohort of data.cohorts.slice(1, 4)) {
        const size = await one(sql`select count(*) as n from users
          where created_at >= ${at(cohort.cohort)} and created_at < ${at(shiftDate(cohort.cohort, 7))}`);
        expect(cohort.size).toBe(size);
        for (const week of [0, 2, 5]) {
          const start = shiftDate(cohort.cohort, week * 7);
          const count = await one(sql`select count(distinct l.user_id) as n from progress_ledger l
            join users u on u.id = l.user_id
            where ${active} and u.created_at >= ${at(cohort.cohort)} and u.created_at < ${at(shiftDate(cohort.cohort, 7))}
              and l.created_at >= ${at(start)} and l.created_at < ${at(shiftDate(start, 7))}`);
          expect({ cohort: cohort.cohort, week, active: cohort.weeks[week]?.active }).toEqual({
            cohort: cohort.cohort,
            week,
            active: count,
          });
        }
      }
    },
    LONG,
  );

  it(
    `${phase}: MRR, moves and churn equal a per-user look-up of the plan in force`,
    async () => {
      const data = await report<RevenueReport>("revenue", "month");
      const prices = sql.join(
        TIER_ORDER.map((tier) => sql`(${tier}::text, ${tierByName(tier).pricing.monthly}::float8)`),
        sql`, `,
      );
      // The plan in force just before `moment`: the last change before it, else the next change's from-plan,
      // else the account's tier; nothing while in a trial.
      const mrrBefore = (moment: string) =>
        one(sql`with prices(tier, price) as (values ${prices})
          select coalesce(sum(p.price), 0) as n from users u
          left join lateral (select to_plan, trial_ends_at from plan_changes c
            where c.user_id = u.id and c.kind = 'tier' and c.effective_at < ${at(moment)}
            order by c.effective_at desc, c.created_at desc limit 1) last on true
          left join lateral (select from_plan from plan_changes c
            where c.user_id = u.id and c.kind = 'tier' and c.effective_at >= ${at(moment)}
            order by c.effective_at, c.created_at limit 1) next on true
          join prices p on p.tier = coalesce(last.to_plan, next.from_plan, u.tier)
          where u.created_at < ${at(moment)} and (last.trial_ends_at is null or last.trial_ends_at < ${at(moment)})`);
      const closes = ["2025-02-01", "2025-03-01", "2025-04-01", "2025-05-01", "2025-06-01"];
      expect(data.buckets.map((b) => b.bucket)).toEqual([
        "2025-01-01",
        "2025-02-01",
        "2025-03-01",
        "2025-04-01",
        "2025-05-01",
      ]);
      for (const [index, bucket] of data.buckets.entries()) {
        const close = closes[index] ?? TO;
        expect({ bucket: bucket.bucket, mrr: bucket.mrr }).toEqual({
          bucket: bucket.bucket,
          mrr: await mrrBefore(close),
        });
        const moves = await rows<{ up: number; down: number; churn: number }>(sql`
          select count(*) filter (where to_plan = 'quantum' or to_plan = 'cosmic')::int as up,
            0 as down, count(*) filter (where to_plan = 'genesis')::int as churn
          from plan_changes where kind = 'tier'
            and effective_at >= ${at(bucket.bucket)} and effective_at < ${at(close)}`);
        expect({ bucket: bucket.bucket, up: bucket.upgrades, churn: bucket.churn }).toEqual({
          bucket: bucket.bucket,
          up: Number(moves[0]?.up),
          churn: Number(moves[0]?.churn),
        });
      }
    },
    LONG,
  );

  it(
    `${phase}: AI tokens and runs by tier equal sums over each run's plan at the time`,
    async () => {
      const data = await report<Extract<AnalyticsReportData, { report: "ai-usage" }>>(
        "ai-usage",
        "week",
      );
      const direct = await rows<{
        tier: string;
        runs: number;
        prompt: number;
        completion: number;
      }>(sql`
        select coalesce(last.to_plan, next.from_plan, u.tier) as tier, count(*)::int as runs,
          sum(r.prompt_tokens)::float8 as prompt, sum(r.completion_tokens)::float8 as completion
        from runs r join users u on u.id = r.user_id
        left join lateral (select to_plan from plan_changes c
          where c.user_id = r.user_id and c.kind = 'tier' and c.effective_at <= r.created_at
          order by c.effective_at desc, c.created_at desc limit 1) last on true
        left join lateral (select from_plan from plan_changes c
          where c.user_id = r.user_id and c.kind = 'tier' and c.effective_at > r.created_at
          order by c.effective_at, c.created_at limit 1) next on true
        where r.created_at >= ${at(FROM)} and r.created_at < ${at(shiftDate(TO, 1))}
        group by 1`);
      expect(data.totals).toEqual(
        TIER_ORDER.map((tier) => {
          const row = direct.find((candidate) => candidate.tier === tier);
          return {
            tier,
            runs: Number(row?.runs ?? 0),
            promptTokens: Number(row?.prompt ?? 0),
            completionTokens: Number(row?.completion ?? 0),
          };
        }),
      );
    },
    LONG,
  );

  it(
    `${phase}: quest completions equal a grouped count`,
    async () => {
      const data = await report<Extract<AnalyticsReportData, { report: "quests" }>>(
        "quests",
        "day",
      );
      const direct = await rows<{ quest_id: string; n: number }>(sql`
        select quest_id, count(*)::int as n from user_quests
        where status = 'completed' and completed_at >= ${at(FROM)} and completed_at < ${at(shiftDate(TO, 1))}
        group by quest_id order by n desc`);
      expect(data.items.map((item) => [item.questId, item.completions])).toEqual(
        direct.map((row) => [row.quest_id, Number(row.n)]),
      );
    },
    LONG,
  );
}

/** A fingerprint of every rollup table's rows. */
async function rollupFingerprint() {
  return rows(sql`select
    (select count(*)::text || ':' || coalesce(sum(hashtext(day::text || user_id::text)), 0)::text
      from analytics_user_days) as users,
    (select string_agg(concat_ws(':', day, signups, dau, wau, mau, week_active, month_active), ',' order by day)
      from analytics_days) as days,
    (select string_agg(concat_ws(':', signup_day, active_day, users), ',' order by signup_day, active_day)
      from analytics_retention_days) as retention,
    (select string_agg(concat_ws(':', day, tier, runs, prompt_tokens, completion_tokens), ',' order by day, tier)
      from analytics_ai_days) as ai`);
}
