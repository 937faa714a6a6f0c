// Metric samples per instance.
import { bigserial, doublePrecision, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Time series of metrics per server instance (system and request figures), kept for a retention window. */
export const metricSamples = pgTable(
  "metric_samples",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    instance: text("instance").notNull(),
    metric: text("metric").notNull(),
    value: doublePrecision("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("metric_samples_metric_created").on(table.metric, table.createdAt)],
);
