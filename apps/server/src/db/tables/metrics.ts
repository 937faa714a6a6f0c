// Metric samples per instance.
import { bigserial, doublePrecision, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

/** Time series of metrics per server instance (system and request figures), kept for a retention window. */
export const metricSamples = pgTable(
  "metric_samples",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    instance: text("instance").notNull(),
    metric: text("metric").notNull(),
    value: doublePrecision("value").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("metric_samples_metric_created").on(table.metric, table.createdAt)],
);
