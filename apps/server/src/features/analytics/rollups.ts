// The analytics rollups (docs/decisions/222-analytics-rollups.md): each closed UTC day's aggregates, written once the
// day is over by the rollup job (or by the first report that finds days missing), read by the reports beside the
// live rows of today. Rolling up a day range deletes and rewrites exactly those days, so a re-run gives the same rows.
import { SYSTEM_LEDGER_SOURCES, shiftDate, utcDate } from "@aacos/domain/analytics";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

/** Ledger rows that mark the user active: everything but what the server credits on its own. */
export const userActivity = sql`source not in (${sql.join(
  SYSTEM_LEDGER_SOURCES.map((source) => sql`${source}`),
  sql`, `,
)})`;

/** A UTC day's start as a timestamptz. */
export const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

/**
 * Each user's tier over time as [since, until) segments rebuilt from plan_changes: before the first change the
 * change's from-plan, after each change its to-plan; a user who never changed tier has the current one since
 * sign-up. `onlyUsers` narrows it to users of a subquery; `onlyTiers` to segments on those tiers (revenue needs
 * only the paid ones: most users never leave the free tier).
 */
export function tierSegments(onlyUsers?: SQL, onlyTiers?: readonly string[]) {
  const changesOf = onlyUsers === undefined ? sql`` : sql`and user_id in (${onlyUsers})`;
  const usersOf = onlyUsers === undefined ? sql`` : sql`and u.id in (${onlyUsers})`;
  const tierIn = (column: SQL) =>
    onlyTiers === undefined
      ? sql``
      : onlyTiers.length === 0
        ? sql`and false`
        : sql`and ${column} in (${sql.join(
            onlyTiers.map((tier) => sql`${tier}`),
            sql`, `,
          )})`;
  return sql`changes as (
      select user_id, from_plan, to_plan, effective_at, trial_ends_at,
        row_number() over w as n, lead(effective_at) over w as next_at
      from plan_changes where kind = 'tier' ${changesOf}
      window w as (partition by user_id order by effective_at, created_at, id)
    ),
    segments as (
      select c.user_id, c.from_plan as tier, u.created_at as since, c.effective_at as until,
        null::timestamptz as trial_until
      from changes c join users u on u.id = c.user_id where c.n = 1 ${tierIn(sql`c.from_plan`)}
      union all
      select user_id, to_plan, effective_at, coalesce(next_at, 'infinity'::timestamptz), trial_ends_at
      from changes where true ${tierIn(sql`to_plan`)}
      union all
      select u.id, u.tier, u.created_at, 'infinity'::timestamptz, u.trial_ends_at from users u
      where not exists (select 1 from plan_changes p where p.user_id = u.id and p.kind = 'tier') ${usersOf}
        ${tierIn(sql`u.tier`)}
    )`;
}

/** AI runs and tokens per UTC day and the tier at the time, for runs in [start, end). */
export function aiUsageByDay(start: SQL, end: SQL) {
  const runUsers = sql`select distinct user_id from runs where created_at >= ${start} and created_at < ${end}`;
  return sql`with ${tierSegments(runUsers)}
    select (r.created_at at time zone 'UTC')::date as day, s.tier, count(*)::int as runs,
      coalesce(sum(r.prompt_tokens), 0)::bigint as prompt_tokens,
      coalesce(sum(r.completion_tokens), 0)::bigint as completion_tokens
    from runs r
    join segments s on s.user_id = r.user_id and r.created_at >= s.since and r.created_at < s.until
    where r.created_at >= ${start} and r.created_at < ${end}
    group by 1, 2`;
}

/**
 * Each day's DAU, WAU, MAU and week and month to date over the days [first, last], from `userDays` (user_id, day
 * rows, one per user and day). A day's figures are right when `userDays` holds every day since its 29th day back and
 * its week's and month's first day, and `first` is no later. Rolling counts without a self-join: each active day of
 * a user adds 1 from that day until the window (7 or 30 days) has passed or the user's next active day takes over;
 * a running sum gives each day's count. Week and month to date count each user on their first day in it.
 */
export function dayFigures(userDays: SQL, first: SQL, last: SQL) {
  return sql`with series as (select g::date as day from generate_series(${first}, ${last}, interval '1 day') as g),
      ud as (${userDays}),
      spans as (select day, lead(day) over (partition by user_id order by day) as next_day from ud),
      deltas as (
        select day as at, 1 as dw, 1 as dm from spans
        union all select least(coalesce(next_day, day + 7), day + 7), -1, 0 from spans
        union all select least(coalesce(next_day, day + 30), day + 30), 0, -1 from spans
      ),
      per_day as (select at, sum(dw) as dw, sum(dm) as dm from deltas group by at),
      dau as (select day, count(*) as n from ud group by day),
      week_firsts as (
        select first_day as day, count(*) as n from (
          select min(day) as first_day from ud group by user_id, date_trunc('week', day::timestamp)
        ) f group by 1
      ),
      month_firsts as (
        select first_day as day, count(*) as n from (
          select min(day) as first_day from ud group by user_id, date_trunc('month', day::timestamp)
        ) f group by 1
      )
    select s.day, coalesce(d.n, 0)::int as dau,
      (sum(coalesce(p.dw, 0)) over (order by s.day))::int as wau,
      (sum(coalesce(p.dm, 0)) over (order by s.day))::int as mau,
      (sum(coalesce(w.n, 0)) over (partition by date_trunc('week', s.day::timestamp) order by s.day))::int
        as week_active,
      (sum(coalesce(m.n, 0)) over (partition by date_trunc('month', s.day::timestamp) order by s.day))::int
        as month_active
    from series s
    left join per_day p on p.at = s.day
    left join dau d on d.day = s.day
    left join week_firsts w on w.day = s.day
    left join month_firsts m on m.day = s.day`;
}

export interface AnalyticsRollups {
  /**
   * Rolls up every closed day (before `now`'s UTC day) not rolled up yet, from the first day with any data; returns
   * the days written. Concurrent callers wait for each other (a row lock), so each day is written once per pass.
   */
  catchUp(now: Date): Promise<{ from: string; through: string } | null>;
  /** Rewrites the rollups of the closed days [from, through] (a repair or a test's re-run); idempotent. */
  rollUp(from: string, through: string): Promise<void>;
  /** The last day rolled up, or null. */
  through(): Promise<string | null>;
}

async function rowsOf<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Writes the rollups of the days [from, through]; earlier days' user-days must already be there. */
async function writeDays(db: Pick<Db, "execute">, from: string, through: string): Promise<void> {
  const start = dayStart(from);
  const end = dayStart(shiftDate(through, 1));
  const a = sql`${from}::date`;
  const b = sql`${through}::date`;
  for (const table of ["analytics_user_days", "analytics_days", "analytics_ai_days"]) {
    await db.execute(sql`delete from ${sql.identifier(table)} where day >= ${a} and day <= ${b}`);
  }
  await db.execute(
    sql`delete from analytics_retention_days where active_day >= ${a} and active_day <= ${b}`,
  );
  await db.execute(sql`insert into analytics_user_days (day, user_id)
    select distinct (created_at at time zone 'UTC')::date, user_id from progress_ledger
    where created_at >= ${start} and created_at < ${end} and ${userActivity}`);
  // Every figure of a day d needs the user-days of [d - 29, d] and of d's week and month: read from `first`.
  const first = sql`least(${a} - 29, date_trunc('month', ${a}::timestamp)::date)`;
  await db.execute(sql`insert into analytics_days (day, signups, dau, wau, mau, week_active, month_active)
    with figures as (${dayFigures(
      sql`select user_id, day from analytics_user_days where day >= ${first} and day <= ${b}`,
      first,
      b,
    )}),
      signups as (
        select (created_at at time zone 'UTC')::date as day, count(*) as n from users
        where created_at >= ${start} and created_at < ${end} group by 1
      )
    select f.day, coalesce(su.n, 0), f.dau, f.wau, f.mau, f.week_active, f.month_active
    from figures f left join signups su on su.day = f.day
    where f.day >= ${a}`);
  // Retention: each user once per week, on their first active day of it, under their sign-up day.
  await db.execute(sql`insert into analytics_retention_days (signup_day, active_day, users)
    select (u.created_at at time zone 'UTC')::date, f.day, count(*)::int
    from (
      select user_id, min(day) as day from analytics_user_days
      where day >= date_trunc('week', ${a}::timestamp)::date and day <= ${b}
      group by user_id, date_trunc('week', day::timestamp)
    ) f join users u on u.id = f.user_id
    where f.day >= ${a}
    group by 1, 2`);
  await db.execute(sql`insert into analytics_ai_days (day, tier, runs, prompt_tokens, completion_tokens)
    ${aiUsageByDay(start, end)}`);
}

export function createAnalyticsRollups(deps: { db: Db }): AnalyticsRollups {
  const { db } = deps;

  async function through(): Promise<string | null> {
    const [row] = await rowsOf<{ through: string | null }>(
      db,
      sql`select to_char(through, 'YYYY-MM-DD') as through from analytics_rollups where name = 'daily'`,
    );
    return row?.through ?? null;
  }

  return {
    through,
    rollUp: (from, last) =>
      db.transaction(async (tx) => {
        await writeDays(tx, from, last);
      }),
    catchUp: async (now) => {
      const yesterday = shiftDate(utcDate(now), -1);
      // Most calls find nothing to do: a read without the lock first.
      const known = await through();
      if (known !== null && known >= yesterday) return null;
      return db.transaction(async (tx) => {
        const [state] = await rowsOf<{ through: string | null }>(
          tx,
          sql`select to_char(through, 'YYYY-MM-DD') as through from analytics_rollups
            where name = 'daily' for update`,
        );
        let from: string;
        if (state?.through !== null && state?.through !== undefined) {
          from = shiftDate(state.through, 1);
        } else {
          // The first pass starts at the first day anything happened.
          const [earliest] = await rowsOf<{ day: string | null }>(
            tx,
            sql`select to_char(least(
                (select min(created_at) from users), (select min(created_at) from progress_ledger),
                (select min(created_at) from runs)
              ) at time zone 'UTC', 'YYYY-MM-DD') as day`,
          );
          from = earliest?.day ?? yesterday;
        }
        if (from > yesterday) return null;
        await writeDays(tx, from, yesterday);
        await tx.execute(
          sql`update analytics_rollups set through = ${yesterday}::date where name = 'daily'`,
        );
        return { from, through: yesterday };
      });
    },
  };
}
