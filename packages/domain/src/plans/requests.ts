// Request bodies of the plan API (docs/product.md §7): POST /api/plan/tier and POST /api/plan/world.
import { z } from "zod";
import { TIER_NAMES, WORLD_NAMES } from "../catalog/types.js";
import { MESSAGES } from "../validation/messages.js";

/** Monthly or yearly billing (the Stripe Price of that interval); the free provider ignores it. */
const interval = z
  .enum(["monthly", "yearly"], { error: MESSAGES.invalidFormat })
  .default("monthly");

export const ChangeTierBody = z.object({
  tier: z.enum(TIER_NAMES, { error: MESSAGES.invalidFormat }),
  interval,
});
export type ChangeTierBody = z.input<typeof ChangeTierBody>;

export const ChangeWorldBody = z.object({
  world: z.enum(WORLD_NAMES, { error: MESSAGES.invalidFormat }),
  interval,
});
export type ChangeWorldBody = z.input<typeof ChangeWorldBody>;
