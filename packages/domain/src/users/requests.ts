// Request schemas of the admin's user management.

import { z } from "zod";
import { ROLES } from "../access/index.js";
import { TIER_NAMES, WORLD_NAMES } from "../catalog/types.js";
import { MESSAGES } from "../validation/messages.js";
import { requiredText } from "../validation/rules.js";

export const AdminUserUpdateBody = z
  .object({
    roles: z.array(z.enum(ROLES)).min(1, MESSAGES.required).max(ROLES.length),
    tier: z.enum(TIER_NAMES),
    world: z.enum(WORLD_NAMES),
    displayName: requiredText(80).nullable(),
  })
  .partial()
  .strict();
export type AdminUserUpdateBody = z.infer<typeof AdminUserUpdateBody>;
