// Request schemas of the dashboard.

import { z } from "zod";
import { MESSAGES } from "../validation/messages.js";

/** GET /api/dashboard/activity. */
export const ActivityQuery = z.object({
  page: z.coerce.number({ error: MESSAGES.invalidFormat }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: MESSAGES.invalidFormat }).int().min(1).max(100).default(20),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;
