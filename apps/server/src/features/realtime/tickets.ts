// Single-use, 30-second tickets that open a realtime socket (docs/product.md §10: never the access token in a URL). Kept in Redis
// when configured, else in auth_challenges (purpose "ws-ticket"); only a hash of the ticket is stored either way.
import { createHash, randomBytes } from "node:crypto";
import type { TierName, WorldName } from "@aacos/domain/catalog";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../../db/client.js";
import { authChallenges } from "../../db/schema.js";

export const TICKET_TTL_MS = 30_000;
const PURPOSE = "ws-ticket";

/** Who a ticket was issued to, as they were when they asked for it. */
export interface TicketHolder {
  userId: string;
  tier: TierName;
  world: WorldName;
  admin: boolean;
}

export interface TicketStore {
  issue(holder: TicketHolder): Promise<string>;
  /** The holder, once: a second redeem, an unknown or an expired ticket give null. */
  redeem(ticket: string): Promise<TicketHolder | null>;
}

interface Stored extends TicketHolder {
  expiresAt: number;
}

function isStored(value: unknown): value is Stored {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Stored>;
  return (
    typeof candidate.userId === "string" &&
    typeof candidate.tier === "string" &&
    typeof candidate.world === "string" &&
    typeof candidate.admin === "boolean" &&
    typeof candidate.expiresAt === "number"
  );
}

const hashOf = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

export function createTicketStore(deps: {
  db: Db;
  redis: Redis | null;
  prefix: string;
  clock: () => Date;
}): TicketStore {
  const { db, redis, clock } = deps;
  const useRedis = () => redis !== null && redis.status === "ready";
  const keyOf = (hash: string) => `${deps.prefix}:ws-ticket:${hash}`;
  const unexpired = (value: unknown, now: number): TicketHolder | null => {
    if (!isStored(value) || value.expiresAt <= now) return null;
    return { userId: value.userId, tier: value.tier, world: value.world, admin: value.admin };
  };

  return {
    async issue(holder) {
      const ticket = randomBytes(32).toString("base64url");
      const now = clock();
      const stored: Stored = { ...holder, expiresAt: now.getTime() + TICKET_TTL_MS };
      if (redis !== null && useRedis()) {
        const kept = await redis
          .set(keyOf(hashOf(ticket)), JSON.stringify(stored), "PX", TICKET_TTL_MS)
          .then(
            () => true,
            // Redis away: the database keeps it (redeem looks there too).
            () => false,
          );
        if (kept) return ticket;
      }
      // Expired tickets are swept as new ones are issued.
      await db
        .delete(authChallenges)
        .where(and(eq(authChallenges.purpose, PURPOSE), lt(authChallenges.expiresAt, now)));
      await db.insert(authChallenges).values({
        id: hashOf(ticket),
        purpose: PURPOSE,
        userId: holder.userId,
        data: stored,
        expiresAt: new Date(stored.expiresAt),
      });
      return ticket;
    },

    async redeem(ticket) {
      if (ticket.length === 0 || ticket.length > 200) return null;
      const hash = hashOf(ticket);
      const now = clock();
      if (redis !== null && useRedis()) {
        // GETDEL: of two sockets racing with one ticket, one gets it.
        const text = await redis.getdel(keyOf(hash)).catch(() => null);
        if (text !== null) {
          try {
            return unexpired(JSON.parse(text), now.getTime());
          } catch {
            return null;
          }
        }
      }
      const [row] = await db
        .delete(authChallenges)
        .where(
          and(
            eq(authChallenges.id, hash),
            eq(authChallenges.purpose, PURPOSE),
            gt(authChallenges.expiresAt, now),
          ),
        )
        .returning({ data: authChallenges.data });
      return row === undefined ? null : unexpired(row.data, now.getTime());
    },
  };
}
