// Request schemas of the consciousness API: setting the level and reading its history.

import { z } from "zod";
import { listLimit } from "../validation/rules.js";

/** docs/product.md §7: POST /api/aacos/consciousness/level {level} with level in [0, 1], else 400. */
export const ConsciousnessLevelBody = z.object({
  level: z
    .number({ error: "Level must be a number from 0 to 1" })
    .min(0, "Level must be a number from 0 to 1")
    .max(1, "Level must be a number from 0 to 1"),
});
export type ConsciousnessLevelBody = z.infer<typeof ConsciousnessLevelBody>;

export const ConsciousnessHistoryQuery = z.object({
  limit: listLimit(1000, 100),
});
export type ConsciousnessHistoryQuery = z.infer<typeof ConsciousnessHistoryQuery>;
