// Seeds 100,000 users and 1,000,000 ledger rows (with a tier history, runs and quests), backfills the daily rollups
// (docs/decisions/222-analytics-rollups.md) and prints each analytics report's time beside its target (≤ 1 s, issue
// 18) on in-memory PGlite and, when DATABASE_URL is set, on a PostgreSQL database of its own. "Today" is the last
// seeded day, so each range's closed days come from the rollups and today's rows are read live.
import { ANALYTICS_REPORTS, type AnalyticsInterval } from "@aacos/domain/analytics";
import { buildCatalog } from "@aacos/domain/catalog";
import { type Database, openPglite } from "../apps/server/src/db/client.js";
import { createAnalyticsService } from "../apps/server/src/features/analytics/service.js";
import { seedAnalyticsData } from "../apps/server/src/test/analytics.js";
import { medianMs, withBenchPostgres } from "./support.js";

const USERS = Number(process.env.BENCH_ANALYTICS_USERS ?? 100_000);
const LEDGER_ROWS = Number(process.env.BENCH_ANALYTICS_LEDGER ?? 1_000_000);
const RUNS = 3;
/** Each report's target at this size. */
const TARGET_MS = 1000;
/** Noon on the seeded activity's last day (sign-ups over 120 days + 90 days of activity). */
const NOW = new Date("2025-07-30T12:00:00Z");
/** The seeded activity spans 2025-01-01 to about 2025-07-30. */
const RANGES: { label: string; from: string; to: string; interval: AnalyticsInterval }[] = [
  { label: "90 days by day", from: "2025-02-01", to: "2025-05-01", interval: "day" },
  { label: "1 year by week", from: "2025-01-01", to: "2025-12-31", interval: "week" },
];

async function measure(label: string, database: Database) {
  const seedStart = Date.now();
  await seedAnalyticsData(database.db, { users: USERS, ledgerRows: LEDGER_ROWS });
  const seedSeconds = (Date.now() - seedStart) / 1000;
  console.log(
    `${label}: ${USERS.toLocaleString("en")} users and ${LEDGER_ROWS.toLocaleString("en")} ledger rows seeded in ${seedSeconds.toFixed(1)} s`,
  );
  const analytics = createAnalyticsService({
    db: database.db,
    catalog: buildCatalog,
    clock: () => NOW,
  });
  const backfillStart = Date.now();
  const backfilled = await analytics.rollups.catchUp(NOW);
  console.log(
    `  rollup backfill ${backfilled?.from} to ${backfilled?.through}: ${((Date.now() - backfillStart) / 1000).toFixed(1)} s (once; then one day a day)`,
  );
  let worst = 0;
  for (const range of RANGES) {
    console.log(`  ${range.label}`);
    for (const report of ANALYTICS_REPORTS) {
      const ms = await medianMs(() => analytics.report(report, range), RUNS);
      worst = Math.max(worst, ms);
      const verdict = ms <= TARGET_MS ? "ok" : "OVER";
      console.log(
        `    ${report.padEnd(14)} ${ms.toFixed(1).padStart(8)} ms   (target ≤ ${TARGET_MS} ms: ${verdict})`,
      );
    }
  }
  console.log(`  slowest report ${worst.toFixed(1)} ms beside a target of ≤ ${TARGET_MS} ms`);
}

async function onPglite() {
  const database = await openPglite({});
  try {
    await measure("PGlite (in memory)", database);
  } finally {
    await database.close();
  }
}

async function onPostgres(baseUrl: string) {
  await withBenchPostgres(baseUrl, (database) => measure("PostgreSQL", database));
}

await onPglite();
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl !== undefined && databaseUrl !== "") await onPostgres(databaseUrl);
else console.log("PostgreSQL: skipped (set DATABASE_URL to measure it)");
