// Replies of the users API: a user's public record, the admin console's view of a user and its pages.
import { z } from "zod";
import { PERMISSIONS, ROLES } from "../access/index.js";
import { TIER_NAMES, WORLD_NAMES } from "../catalog/types.js";
import { Timestamp } from "../replies/common.js";

/** What any signed-in caller may see of an account (never its secrets). */
export const PublicUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  tier: z.enum(TIER_NAMES),
  world: z.enum(WORLD_NAMES),
  timeZone: z.string(),
  locale: z.string(),
  emailVerified: z.boolean(),
  createdAt: Timestamp,
});
export type PublicUser = z.input<typeof PublicUser>;

/** What the admin console shows of a user: the public record plus status and last sign-in. */
export const AdminUser = PublicUser.extend({
  suspendedAt: Timestamp.nullable(),
  lastSignInAt: Timestamp.nullable(),
});
export type AdminUser = z.input<typeof AdminUser>;

/** Sign out everywhere: how many sessions were ended. */
export const SignedOutSessions = z.object({ sessions: z.number() });
export type SignedOutSessions = z.input<typeof SignedOutSessions>;
