// Request bodies of the plan API (DESIGN.md API contract): POST /api/plan/tier and POST /api/plan/world.
import { z } from "zod";
import { TIER_NAMES, WORLD_NAMES } from "../catalog/types.js";
import { MESSAGES } from "./messages.js";

export const ChangeTierBody = z.object({
  tier: z.enum(TIER_NAMES, { error: MESSAGES.invalidFormat }),
});
export type ChangeTierBody = z.infer<typeof ChangeTierBody>;

export const ChangeWorldBody = z.object({
  world: z.enum(WORLD_NAMES, { error: MESSAGES.invalidFormat }),
});
export type ChangeWorldBody = z.infer<typeof ChangeWorldBody>;
