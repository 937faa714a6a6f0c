// Field groups several reply schemas share, spread into their objects (`{ ...stamped }`). Not re-exported: the wire
// shapes stay named where they are.
import { z } from "zod";
import { Timestamp } from "./common.js";

/** When a record was made and last changed. */
export const stamped = { createdAt: Timestamp, updatedAt: Timestamp };

/** A named record with its description (universes, quests, community events). */
export const described = { id: z.string(), name: z.string(), description: z.string() };

/** A named record with the id and username of its owner (teams, shared universes). */
export const namedWithOwner = {
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerUsername: z.string(),
};

/** A user by id and username (team members, leaderboards). */
export const userRef = { userId: z.string(), username: z.string() };
