// A large, deterministic analytics data set seeded with a few set-based INSERT … SELECT generate_series statements:
// users over 120 days from 2025-01-01, ledger rows over the 90 days after each sign-up, a tier history, runs and
// quests. Used by the large analytics test and bench/analytics.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** Deterministic and spread: sign-ups over 120 days, activity over the 90 days after each sign-up. */
export async function seedAnalyticsData(
  db: Db,
  size: { users: number; ledgerRows: number },
): Promise<void> {
  const USERS = size.users;
  const LEDGER_ROWS = size.ledgerRows;
  const RUNS = size.users;
  await db.execute(sql`insert into users (id, email, username, tier, created_at)
    select gen_random_uuid(), 'big' || i || '@example.org', 'big' || i,
      case when i % 7 = 0 then 'infinity' else 'genesis' end,
      timestamptz '2025-01-01 00:00:00+00' + (i % 120) * interval '1 day' + (i * 37 % 86400) * interval '1 second'
    from generate_series(1, ${USERS}) as i`);
  // A real (unlogged) table, not a temporary one: a PostgreSQL pool may run each statement on another connection.
  await db.execute(sql`create unlogged table seed_numbered as
    select id, created_at, substring(username from 4)::int as rn from users where username like 'big%'`);
  await db.execute(sql`create index on seed_numbered (rn)`);
  await db.execute(sql`insert into progress_ledger (user_id, xp, reason, source, source_key, created_at)
    select u.id, 1, 'seed',
      (array['apiCall', 'dailySignIn', 'chatMessage', 'event', 'worldUpgrade', 'commandRun'])[1 + j % 6],
      'big:' || j, u.created_at + ((j::bigint * 7919) % 90) * interval '1 day' + (j % 3600) * interval '1 second'
    from generate_series(1, ${LEDGER_ROWS}) as j
    join seed_numbered u on u.rn = 1 + (j * 31) % ${USERS}`);
  // Tier history: every 10th user upgrades to quantum with a 14-day trial, every 20th then to cosmic, every 40th
  // then leaves for genesis.
  await db.execute(sql`insert into plan_changes
      (user_id, kind, from_plan, to_plan, provider, effective_at, trial_ends_at, created_at)
    select id, 'tier', 'genesis', 'quantum', 'seed', created_at + interval '3 days',
      created_at + interval '17 days', created_at + interval '3 days'
    from seed_numbered where rn % 10 = 0
    union all
    select id, 'tier', 'quantum', 'cosmic', 'seed', created_at + interval '20 days', null,
      created_at + interval '20 days'
    from seed_numbered where rn % 20 = 0
    union all
    select id, 'tier', 'cosmic', 'genesis', 'seed', created_at + interval '45 days', null,
      created_at + interval '45 days'
    from seed_numbered where rn % 40 = 0`);
  await db.execute(sql`insert into runs (user_id, kind, status, prompt_tokens, completion_tokens, created_at)
    select u.id, 'chat', 'succeeded', k % 100, k % 50, u.created_at + (k % 60) * interval '1 day'
    from generate_series(1, ${RUNS}) as k
    join seed_numbered u on u.rn = 1 + (k * 13) % ${USERS}`);
  await db.execute(sql`insert into user_quests (user_id, quest_id, status, started_at, completed_at)
    select id, 'first_api_call', 'completed', created_at, created_at + interval '1 day'
    from seed_numbered where rn % 3 = 0
    union all
    select id, 'create_universe', 'completed', created_at, created_at + interval '2 days'
    from seed_numbered where rn % 5 = 0
    union all
    select id, 'first_entity', 'active', created_at, null from seed_numbered where rn % 11 = 0`);
  await db.execute(sql`drop table seed_numbered`);
  for (const table of ["users", "progress_ledger", "plan_changes", "runs", "user_quests"]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}
