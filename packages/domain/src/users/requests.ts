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

export const UserListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(["createdAt", "email", "username"]).default("createdAt"),
  order: z.enum(["asc", "desc"]).default("desc"),
});
export type UserListQuery = z.infer<typeof UserListQuery>;
