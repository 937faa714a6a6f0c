// Tables of the teams feature.
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";
import { users } from "./users.js";
import { universes } from "./workspace.js";

/** A team; its owner's plan sets the member cap and must have teamCollaboration. */
export const teams = pgTable(
  "teams",
  {
    id: uuidId(),
    name: text("name").notNull(),
    ownerId: cascadeRef("owner_id", () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("teams_owner").on(table.ownerId)],
);

/** Members with their role; the owner has a row too (role owner, always writes). */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: cascadeRef("team_id", () => teams.id),
    userId: cascadeRef("user_id", () => users.id),
    /** owner or member. */
    role: text("role").notNull().default("member"),
    canWrite: boolean("can_write").notNull().default(false),
    joinedAt: timestampTz("joined_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index("team_members_user").on(table.userId),
  ],
);

/** Invitations by e-mail: the link's token is stored hashed, works once and expires. */
export const teamInvites = pgTable(
  "team_invites",
  {
    id: uuidId(),
    teamId: cascadeRef("team_id", () => teams.id),
    /** Lower-cased. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: cascadeRef("invited_by", () => users.id),
    /** pending, accepted, declined, revoked. */
    status: text("status").notNull().default("pending"),
    expiresAt: timestampTz("expires_at").notNull(),
    respondedAt: timestampTz("responded_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("team_invites_token").on(table.tokenHash),
    index("team_invites_team").on(table.teamId, table.status),
  ],
);

/** Universes shared with a team by their owner (a member of that team). */
export const teamUniverses = pgTable(
  "team_universes",
  {
    teamId: cascadeRef("team_id", () => teams.id),
    universeId: cascadeRef("universe_id", () => universes.id),
    sharedBy: cascadeRef("shared_by", () => users.id),
    sharedAt: timestampTz("shared_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.universeId] }),
    index("team_universes_universe").on(table.universeId),
  ],
);
