// Replies of the health check: whether the database and Redis answer (the same shape with 200 and 503).
import { z } from "zod";

const Check = z.enum(["ok", "error", "disabled"]);

/** GET /api/health: 200 when healthy, 503 otherwise. */
export const HealthReply = z.object({
  status: z.enum(["ok", "error"]),
  db: Check,
  redis: Check,
  database: z.enum(["pglite", "postgres"]),
  release: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthReply = z.input<typeof HealthReply>;
export type HealthCheck = z.input<typeof Check>;
