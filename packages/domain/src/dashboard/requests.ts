// Request schemas of the dashboard.

import { z } from "zod";
import { pageFields } from "../validation/rules.js";

/** GET /api/dashboard/activity. */
export const ActivityQuery = z.object(pageFields);
export type ActivityQuery = z.infer<typeof ActivityQuery>;
