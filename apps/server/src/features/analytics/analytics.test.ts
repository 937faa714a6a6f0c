// The admin analytics over a small known data set (three weeks of January 2025): every report's exact figures, in
// JSON and CSV, who may read them, and the refusals of bad input.
import {
  type AnalyticsInterval,
  type AnalyticsReport,
  type ApiCallsReport,
  SYSTEM_LEDGER_SOURCES,
  shiftDate,
  utcDate,
} from "@aacos/domain/analytics";
import { buildCatalog } from "@aacos/domain/catalog";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { TEST_NOW, testClock } from "../../test/clock.js";
import { createApiKey, createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, openTestDatabase, request, type TestApp } from "../../test/helper.js";
import { type AnalyticsService, createAnalyticsService } from "./service.js";

let test: TestApp;
let admin: SignedInUser;
let analyst: SignedInUser;
/** The numbers are read from the service over a database of their own, holding only the seed. */
let seeded: Awaited<ReturnType<typeof openTestDatabase>>;
let service: AnalyticsService;

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Users (number, sign-up moment, current tier). u0 signed up before the range, u6 after it. */
const USERS: [number, string, string][] = [
  [0, "2024-12-20T09:00:00Z", "quantum"],
  [1, "2025-01-06T10:00:00Z", "cosmic"],
  [2, "2025-01-06T15:00:00Z", "genesis"],
  [3, "2025-01-08T08:00:00Z", "quantum"],
  [4, "2025-01-14T12:00:00Z", "genesis"],
  [5, "2025-01-20T12:00:00Z", "genesis"],
  [6, "2025-01-27T12:00:00Z", "cosmic"],
];

/** Ledger rows (user, moment, source); "event" and "worldUpgrade" are the server's own credits. */
const LEDGER: [number, string, string][] = [
  [0, "2025-01-05T12:00:00Z", "apiCall"],
  [0, "2025-01-10T12:00:00Z", "apiCall"],
  [1, "2025-01-06T10:00:00Z", "start"],
  [1, "2025-01-07T11:00:00Z", "apiCall"],
  [1, "2025-01-15T11:00:00Z", "chatMessage"],
  [1, "2025-01-16T11:00:00Z", "event"],
  [1, "2025-01-17T11:00:00Z", "worldUpgrade"],
  [1, "2025-01-22T23:59:59Z", "apiCall"],
  [2, "2025-01-06T15:00:00Z", "start"],
  [2, "2025-01-06T18:00:00Z", "apiCall"],
  [2, "2025-01-20T00:00:00Z", "dailySignIn"],
  [3, "2025-01-08T08:00:00Z", "start"],
  [3, "2025-01-09T08:00:00Z", "apiCall"],
  [4, "2025-01-14T12:00:00Z", "start"],
  [4, "2025-01-21T12:00:00Z", "commandRun"],
  [4, "2025-01-25T12:00:00Z", "apiCall"],
  [5, "2025-01-20T12:00:00Z", "start"],
  [6, "2025-01-27T12:00:00Z", "start"],
];

/** Tier changes (user, from, to, effective, trial end). */
const TIER_CHANGES: [number, string, string, string, string | null][] = [
  [1, "genesis", "quantum", "2025-01-07T12:00:00Z", "2025-01-10T12:00:00Z"],
  [1, "quantum", "cosmic", "2025-01-15T12:00:00Z", null],
  [2, "genesis", "cosmic", "2025-01-06T16:00:00Z", null],
  [2, "cosmic", "genesis", "2025-01-21T12:00:00Z", null],
  [3, "genesis", "infinity", "2025-01-09T12:00:00Z", null],
  [3, "infinity", "quantum", "2025-01-23T12:00:00Z", null],
];

/** Runs (user, moment, prompt tokens, completion tokens). */
const RUNS: [number, string, number, number][] = [
  [1, "2025-01-08T12:00:00Z", 100, 50],
  [0, "2025-01-10T12:00:00Z", 1, 1],
  [1, "2025-01-16T12:00:00Z", 10, 5],
  [5, "2025-01-21T12:00:00Z", 7, 3],
  [2, "2025-01-22T12:00:00Z", 20, 20],
  [3, "2025-02-01T12:00:00Z", 500, 500],
];

/** Quests (user, quest, status, completed at). */
const QUESTS: [number, string, string, string | null][] = [
  [1, "first_api_call", "completed", "2025-01-07T11:00:00Z"],
  [2, "first_api_call", "completed", "2025-01-06T18:00:00Z"],
  [3, "first_api_call", "completed", "2025-01-08T09:00:00Z"],
  [1, "create_universe", "completed", "2025-01-15T12:00:00Z"],
  [4, "first_entity", "completed", "2025-01-14T13:00:00Z"],
  [5, "first_entity", "active", null],
  [2, "train_model", "completed", "2024-12-30T12:00:00Z"],
];

async function seed(db: Db) {
  for (const [n, createdAt, tier] of USERS) {
    await db.execute(sql`insert into users (id, email, username, tier, created_at)
      values (${ID(n)}, ${`seed${n}@example.org`}, ${`seed${n}`}, ${tier}, ${createdAt})`);
  }
  for (const [n, at, source] of LEDGER) {
    await db.execute(sql`insert into progress_ledger (user_id, xp, reason, source, source_key, created_at)
      values (${ID(n)}, 1, 'seed', ${source}, gen_random_uuid()::text, ${at})`);
  }
  for (const [n, from, to, at, trial] of TIER_CHANGES) {
    await db.execute(sql`insert into plan_changes
      (user_id, kind, from_plan, to_plan, provider, effective_at, trial_ends_at, created_at)
      values (${ID(n)}, 'tier', ${from}, ${to}, 'immediate', ${at}, ${trial}, ${at})`);
  }
  // A world change is no tier change.
  await db.execute(sql`insert into plan_changes (user_id, kind, from_plan, to_plan, provider, effective_at)
    values (${ID(4)}, 'world', 'genesis', 'quantum', 'immediate', '2025-01-15T00:00:00Z')`);
  for (const [n, at, prompt, completion] of RUNS) {
    await db.execute(sql`insert into runs (user_id, kind, status, prompt_tokens, completion_tokens, created_at)
      values (${ID(n)}, 'chat', 'succeeded', ${prompt}, ${completion}, ${at})`);
  }
  for (const [n, quest, status, completedAt] of QUESTS) {
    await db.execute(sql`insert into user_quests (user_id, quest_id, status, started_at, completed_at)
      values (${ID(n)}, ${quest}, ${status}, '2025-01-01T00:00:00Z', ${completedAt})`);
  }
}

beforeAll(async () => {
  seeded = await openTestDatabase();
  await seed(seeded.database.db);
  service = createAnalyticsService({
    db: seeded.database.db,
    catalog: buildCatalog,
    clock: () => new Date(TEST_NOW),
  });
});
afterAll(async () => {
  await seeded.database.close();
  await seeded.drop();
});

const RANGE = "from=2025-01-06&to=2025-01-26";

/** A report over the seeded range, as the service computes it (JSON round trip, as the client reads it). */
async function report<T>(name: AnalyticsReport, interval: AnalyticsInterval = "day"): Promise<T> {
  const data = await service.report(name, { from: "2025-01-06", to: "2025-01-26", interval });
  return JSON.parse(JSON.stringify(data)) as T;
}

/** GET an analytics report's route (below /api/admin/analytics) as `who`. */
const analytics = (who: SignedInUser, path: string) =>
  request(test.app, who, "GET", `/api/admin/analytics/${path}`);

async function get<T>(path: string, who: SignedInUser = admin): Promise<T> {
  const response = await analytics(who, path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** The straightforward count the rolling figures must equal: users active on some day of [day − window + 1, day]. */
function activeWithin(day: string, window: number): number {
  const end = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  const start = end - window * 86_400_000;
  const excluded: readonly string[] = SYSTEM_LEDGER_SOURCES;
  const who = LEDGER.filter(([, at, source]) => {
    const t = Date.parse(at);
    return t >= start && t < end && !excluded.includes(source);
  }).map(([n]) => n);
  return new Set(who).size;
}

describe("sign-ups", () => {
  it("counts sign-ups per week, with the total and the accounts at the end", async () => {
    const body = await report<{
      buckets: unknown[];
      total: number;
      totalUsers: number;
      range: unknown;
    }>("signups", "week");
    expect(body.range).toEqual({ from: "2025-01-06", to: "2025-01-26", interval: "week" });
    expect(body.buckets).toEqual([
      { bucket: "2025-01-06", signups: 3 },
      { bucket: "2025-01-13", signups: 1 },
      { bucket: "2025-01-20", signups: 1 },
    ]);
    expect(body.total).toBe(5);
    expect(body.totalUsers).toBe(6);
  });

  it("has a bucket for every day, empty ones as zero, and one for the month", async () => {
    const days = await report<{ buckets: { bucket: string; signups: number }[] }>("signups");
    expect(days.buckets).toHaveLength(21);
    expect(days.buckets.filter((b) => b.signups > 0)).toEqual([
      { bucket: "2025-01-06", signups: 2 },
      { bucket: "2025-01-08", signups: 1 },
      { bucket: "2025-01-14", signups: 1 },
      { bucket: "2025-01-20", signups: 1 },
    ]);
    const month = await report<{ buckets: unknown[] }>("signups", "month");
    expect(month.buckets).toEqual([{ bucket: "2025-01-01", signups: 5 }]);
  });
});

describe("active users", () => {
  it("gives weekly actives and DAU/WAU/MAU on each week's last day", async () => {
    const body = await report<{ buckets: unknown[] }>("active-users", "week");
    expect(body.buckets).toEqual([
      { bucket: "2025-01-06", active: 4, dau: 0, wau: 4, mau: 4 },
      { bucket: "2025-01-13", active: 2, dau: 0, wau: 2, mau: 5 },
      { bucket: "2025-01-20", active: 4, dau: 0, wau: 4, mau: 6 },
    ]);
  });

  it("matches a direct count on every day, the server's own credits left out", async () => {
    const body = await report<{
      buckets: { bucket: string; active: number; dau: number; wau: number; mau: number }[];
    }>("active-users");
    expect(body.buckets).toHaveLength(21);
    for (const bucket of body.buckets) {
      expect(bucket).toEqual({
        bucket: bucket.bucket,
        active: activeWithin(bucket.bucket, 1),
        dau: activeWithin(bucket.bucket, 1),
        wau: activeWithin(bucket.bucket, 7),
        mau: activeWithin(bucket.bucket, 30),
      });
    }
    const byDay = Object.fromEntries(body.buckets.map((b) => [b.bucket, b]));
    expect(byDay["2025-01-06"]).toMatchObject({ dau: 2, wau: 3, mau: 3 });
    // Only a community-event prize and a world-upgrade bonus that day: nobody was active.
    expect(byDay["2025-01-16"]?.dau).toBe(0);
    expect(byDay["2025-01-17"]?.dau).toBe(0);
    const month = await report<{ buckets: unknown[] }>("active-users", "month");
    expect(month.buckets).toEqual([{ bucket: "2025-01-01", active: 6, dau: 0, wau: 4, mau: 6 }]);
  });
});

describe("retention", () => {
  it("shows weekly sign-up cohorts and the share active in each week since", async () => {
    const body = await report<{ cohorts: unknown[] }>("retention");
    expect(body.cohorts).toEqual([
      {
        cohort: "2025-01-06",
        size: 3,
        weeks: [
          { week: 0, active: 3, share: 1 },
          { week: 1, active: 1, share: 0.3333 },
          { week: 2, active: 2, share: 0.6667 },
        ],
      },
      {
        cohort: "2025-01-13",
        size: 1,
        weeks: [
          { week: 0, active: 1, share: 1 },
          { week: 1, active: 1, share: 1 },
        ],
      },
      { cohort: "2025-01-20", size: 1, weeks: [{ week: 0, active: 1, share: 1 }] },
    ]);
  });
});

describe("revenue", () => {
  it("rebuilds MRR by plan from the plan history at catalogue prices, with moves and churn", async () => {
    const body = await report<{ prices: unknown; currency: string; buckets: unknown[] }>(
      "revenue",
      "week",
    );
    expect(body.currency).toBe("USD");
    expect(body.prices).toEqual([
      { tier: "genesis", monthly: 0 },
      { tier: "quantum", monthly: 49 },
      { tier: "cosmic", monthly: 199 },
      { tier: "infinity", monthly: 999 },
    ]);
    const tiers = (
      quantum: [number, number],
      cosmic: [number, number],
      infinity: [number, number],
    ) => [
      { tier: "quantum", subscribers: quantum[0], mrr: quantum[1] },
      { tier: "cosmic", subscribers: cosmic[0], mrr: cosmic[1] },
      { tier: "infinity", subscribers: infinity[0], mrr: infinity[1] },
    ];
    expect(body.buckets).toEqual([
      {
        bucket: "2025-01-06",
        mrr: 1296,
        byTier: tiers([2, 98], [1, 199], [1, 999]),
        trialing: 0,
        upgrades: 3,
        downgrades: 0,
        churn: 0,
      },
      {
        bucket: "2025-01-13",
        mrr: 1446,
        byTier: tiers([1, 49], [2, 398], [1, 999]),
        trialing: 0,
        upgrades: 1,
        downgrades: 0,
        churn: 0,
      },
      {
        bucket: "2025-01-20",
        mrr: 297,
        byTier: tiers([2, 98], [1, 199], [0, 0]),
        trialing: 0,
        upgrades: 0,
        downgrades: 1,
        churn: 1,
      },
    ]);
  });

  it("leaves a trial out of MRR and counts it as trialing", async () => {
    const body = await report<{ buckets: { bucket: string; mrr: number; trialing: number }[] }>(
      "revenue",
    );
    const day = (d: string) => body.buckets.find((b) => b.bucket === d);
    // 8 January: u0 on quantum since before the range, u2 on cosmic, u1 in quantum's trial.
    expect(day("2025-01-08")).toMatchObject({ mrr: 248, trialing: 1 });
    expect(day("2025-01-10")).toMatchObject({ mrr: 248 + 999 + 49, trialing: 0 });
    expect(body.buckets).toHaveLength(21);
  });
});

describe("AI usage", () => {
  it("sums runs and tokens by the tier the user had at the time, and says API calls are not kept", async () => {
    const body = await report<{
      buckets: { bucket: string; byTier: unknown[] }[];
      totals: unknown[];
      apiCalls: null;
    }>("ai-usage", "week");
    const figures = (
      tier: string,
      runs: number,
      promptTokens: number,
      completionTokens: number,
    ) => ({
      tier,
      runs,
      promptTokens,
      completionTokens,
    });
    expect(body.totals).toEqual([
      figures("genesis", 2, 27, 23),
      figures("quantum", 2, 101, 51),
      figures("cosmic", 1, 10, 5),
      figures("infinity", 0, 0, 0),
    ]);
    expect(body.buckets.map((b) => b.bucket)).toEqual(["2025-01-06", "2025-01-13", "2025-01-20"]);
    expect(body.buckets[1]?.byTier).toEqual([
      figures("genesis", 0, 0, 0),
      figures("quantum", 0, 0, 0),
      figures("cosmic", 1, 10, 5),
      figures("infinity", 0, 0, 0),
    ]);
    expect(body.apiCalls).toBeNull();
  });
});

describe("quests", () => {
  it("ranks quests by completions within the range", async () => {
    const body = await report<{ items: unknown[] }>("quests");
    expect(body.items).toEqual([
      { questId: "first_api_call", name: "First contact", completions: 3 },
      { questId: "create_universe", name: "Big bang", completions: 1 },
      { questId: "first_entity", name: "Spark of life", completions: 1 },
    ]);
  });
});

describe("daily rollups", () => {
  const ROLLED = ["signups", "active-users", "retention", "ai-usage"] as const;
  const INTERVALS: AnalyticsInterval[] = ["day", "week", "month"];

  async function allReports(over: AnalyticsService) {
    const out: unknown[] = [];
    for (const name of ROLLED) {
      for (const interval of INTERVALS) {
        out.push(await over.report(name, { from: "2025-01-06", to: "2025-01-26", interval }));
        // A range cut mid-week and mid-month.
        out.push(await over.report(name, { from: "2025-01-08", to: "2025-01-23", interval }));
      }
    }
    return JSON.parse(JSON.stringify(out)) as unknown[];
  }

  it("gives the same figures whichever day is today: closed days from the rollups, the rest live", async () => {
    const expected = await allReports(service);
    const fresh = await openTestDatabase();
    try {
      await seed(fresh.database.db);
      let now = new Date("2025-01-09T06:00:00Z");
      const stepped = createAnalyticsService({
        db: fresh.database.db,
        catalog: buildCatalog,
        clock: () => now,
      });
      // The rollups catch up a few days at a time, as the job would after an outage.
      for (const at of [
        "2025-01-09T06:00:00Z",
        "2025-01-15T00:00:00Z",
        "2025-01-22T12:00:00Z",
        "2025-01-24T23:59:59Z",
        "2025-01-27T00:00:00Z",
        TEST_NOW,
      ]) {
        now = new Date(at);
        expect({ at, reports: await allReports(stepped) }).toEqual({ at, reports: expected });
      }
      // A second run over days already rolled up writes the same rows.
      // The rows only: node-postgres's result also carries its parsers, which differ between two results.
      const snapshot = async () =>
        (
          (await fresh.database.db.execute(sql`select
          (select string_agg(day || ':' || user_id, ',' order by day, user_id) from analytics_user_days) as users,
          (select string_agg(concat_ws(':', day, signups, dau, wau, mau, week_active, month_active), ','
            order by day) from analytics_days) as days,
          (select string_agg(concat_ws(':', signup_day, active_day, users), ',' order by signup_day, active_day)
            from analytics_retention_days) as retention,
          (select string_agg(concat_ws(':', day, tier, runs, prompt_tokens, completion_tokens), ','
            order by day, tier) from analytics_ai_days) as ai`)) as unknown as { rows: unknown[] }
        ).rows;
      const before = await snapshot();
      await stepped.rollups.rollUp("2024-12-20", "2025-01-31");
      await stepped.rollups.rollUp("2025-01-10", "2025-01-20");
      expect(await snapshot()).toEqual(before);
      expect(await allReports(stepped)).toEqual(expected);
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  }, 120_000);
});

describe("over HTTP", () => {
  // The default range ends today: today is the clock's, never the machine's.
  const clock = testClock("2025-02-10T12:00:00Z");
  beforeAll(async () => {
    test = await buildTestApp({}, undefined, { clock });
    admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
    analyst = await createUser(test.app, { roles: ["analyst"], tier: "infinity" });
    await seed(test.database.db);
  });
  afterAll(() => test?.close());

  describe("CSV export", () => {
    it("downloads a report as CSV with a file name", async () => {
      const response = await analytics(analyst, `signups?${RANGE}&interval=week&format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(
        'attachment; filename="aacos-signups-2025-01-06-2025-01-26-week.csv"',
      );
      expect(response.body).toBe(
        "bucket,signups\r\n2025-01-06,3\r\n2025-01-13,1\r\n2025-01-20,1\r\n",
      );
    });

    it("has a CSV for every report", async () => {
      const first: Record<string, string> = {
        signups: "bucket,signups",
        "active-users": "bucket,active,dau,wau,mau",
        retention: "cohort,size,week,active,share",
        revenue: "bucket,tier,subscribers,mrr,trialing,upgrades,downgrades,churn",
        "ai-usage": "bucket,tier,runs,prompt_tokens,completion_tokens",
        "api-calls": "bucket,tier,calls",
        quests: "quest,name,completions",
      };
      for (const [name, header] of Object.entries(first)) {
        const response = await analytics(admin, `${name}?${RANGE}&interval=week&format=csv`);
        expect(response.statusCode).toBe(200);
        expect(response.body.split("\r\n")[0]).toBe(header);
      }
      const retention = await analytics(admin, `retention?${RANGE}&format=csv`);
      expect(retention.body.split("\r\n")[2]).toBe("2025-01-06,3,1,1,0.3333");
    });
  });

  describe("API calls by tier and day", () => {
    const DAY = "2025-02-10";
    async function calls(): Promise<Record<string, number>> {
      const response = await analytics(analyst, `api-calls?from=${DAY}&to=${DAY}&interval=day`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as ApiCallsReport;
      expect(body.buckets.map((bucket) => bucket.bucket)).toEqual([DAY]);
      return Object.fromEntries(body.totals.map((row) => [row.tier, row.calls]));
    }

    it("counts each metered call under the caller's tier, and equals the stored daily rows", async () => {
      const genesis = await createUser(test.app, { tier: "genesis" });
      const cosmic = await createUser(test.app, { tier: "cosmic" });
      const genesisKey = await createApiKey(test.app, genesis);
      const cosmicKey = await createApiKey(test.app, cosmic);
      const before = await calls();
      for (const [key, times] of [
        [genesisKey, 3],
        [cosmicKey, 2],
      ] as const) {
        for (let i = 0; i < times; i++) {
          const response = await request(test.app, key, "GET", "/api/progress/me");
          expect(response.statusCode).toBe(200);
        }
      }
      // A signed-in read in the browser is not a plan call.
      await request(test.app, genesis, "GET", "/api/progress/me");
      const after = await calls();
      expect((after.genesis ?? 0) - (before.genesis ?? 0)).toBe(3);
      expect((after.cosmic ?? 0) - (before.cosmic ?? 0)).toBe(2);
      const stored = (await test.database.db.execute(
        sql`select tier, sum(calls)::int as n from api_call_days where day = ${DAY}::date group by tier`,
      )) as unknown as { rows: { tier: string; n: number }[] };
      for (const row of stored.rows) expect(after[row.tier]).toBe(Number(row.n));
    });
  });

  describe("access and input", () => {
    it("lets admins and analysts in, and refuses everyone else", async () => {
      for (const roles of [["user"], ["operator"], ["developer"]] as const) {
        const someone = await createUser(test.app, { roles: [...roles], tier: "infinity" });
        const response = await analytics(someone, `signups?${RANGE}`);
        expect(response.statusCode).toBe(403);
      }
      const visitor = await test.app.inject({ method: "GET", url: "/api/admin/analytics/revenue" });
      expect(visitor.statusCode).toBe(401);
      await get(`revenue?${RANGE}`, analyst);
    });

    it("answers bad ranges with 400 and field messages", async () => {
      const cases: [string, string, string][] = [
        ["from=2025-02-30&to=2025-03-01", "from", "Invalid format"],
        ["from=2025-03-02&to=2025-03-01", "from", "The start date must not be after the end date"],
        ["from=2020-01-01&to=2025-03-01", "from", "The range may cover at most 731 days"],
        ["interval=year", "interval", "Invalid format"],
        ["format=xlsx", "format", "Invalid format"],
      ];
      for (const [query, field, message] of cases) {
        const response = await analytics(admin, `signups?${query}`);
        expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
        expect(response.json().error.fields[field]).toBe(message);
      }
      const unknown = await request(test.app, admin, "GET", "/api/admin/analytics/everything");
      expect(unknown.statusCode).toBe(404);
    });

    it("defaults to the last 30 days", async () => {
      const body = await get<{ range: unknown; buckets: unknown[] }>("signups");
      expect(body.range).toEqual({ from: "2025-01-12", to: "2025-02-10", interval: "day" });
      expect(body.buckets).toHaveLength(30);
    });
  });
});

describe("a range with one end left out", () => {
  /** The server's "today", held still for the whole block (the open end of a range is filled from it). */
  const NOW = new Date(TEST_NOW);
  const today = utcDate(NOW);
  let clocked: TestApp;
  let reader: SignedInUser;

  beforeAll(async () => {
    clocked = await buildTestApp({}, undefined, { clock: () => NOW });
    reader = await createUser(clocked.app, { roles: ["analyst"], tier: "infinity" });
  });
  afterAll(() => clocked?.close());

  const ask = (query: string) =>
    request(clocked.app, reader, "GET", `/api/admin/analytics/active-users?${query}`);

  it("is refused with 400 and a field message when it would run too far", async () => {
    const outside = "Dates must be between 2000-01-01 and 2099-12-31";
    const tooLong = "The range may cover at most 731 days";
    const cases: [string, string, string][] = [
      ["from=0001-01-01", "from", outside],
      ["to=0001-01-01", "to", outside],
      ["to=9999-12-31", "to", outside],
      ["from=2000-01-01", "from", tooLong],
      [`from=${shiftDate(today, -731)}&format=csv`, "from", tooLong],
      [`from=${shiftDate(today, 1)}`, "from", "The start date must not be after the end date"],
    ];
    for (const [query, field, message] of cases) {
      const response = await ask(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json().error.fields).toEqual({ [field]: message });
    }
  });

  it("runs to today, or 30 days back from `to`, within the bounds", async () => {
    const from = shiftDate(today, -730);
    const longest = await ask(`from=${from}`);
    expect(longest.statusCode).toBe(200);
    expect(longest.json().range).toEqual({ from, to: today, interval: "day" });
    expect(longest.json().buckets).toHaveLength(731);
    const earliest = await ask("to=2000-01-01");
    expect(earliest.statusCode).toBe(200);
    expect(earliest.json().range).toEqual({
      from: "1999-12-03",
      to: "2000-01-01",
      interval: "day",
    });
  });
});
