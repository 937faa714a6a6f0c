// Writes of a plan the payment provider confirmed (a webhook, the end of a grace period): unlike a user's own change,
// they do not depend on what the caller read — the provider's word is the truth — so they lock the row and apply.
import type { TierName, WorldName } from "@aacos/domain/catalog";
import { tierDirection, toTierName, toWorldName } from "@aacos/domain/catalog";
import { worldUpgradeBonus } from "@aacos/domain/progression";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { planChanges, users } from "../../db/schema.js";

export interface PaidTierState {
  /** The tier the subscription pays for. */
  tier: TierName;
  /** The end of the paid period (the next renewal). */
  periodEndsAt: Date | null;
  trialEndsAt: Date | null;
  /** The subscription ends with this period: genesis is scheduled for periodEndsAt. */
  cancelAtPeriodEnd: boolean;
  /** The subscription ended (deleted, unpaid, grace over): the tier applies now, even a lower one. */
  ended: boolean;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function createPaidPlanWriter(deps: { db: Db; clock: () => Date; provider: string }) {
  const { db, clock, provider } = deps;

  /** Runs `apply` on the user's row locked for update; a user who is gone changes nothing (false). */
  function withLockedUser(
    userId: string,
    apply: (tx: Tx, user: typeof users.$inferSelect, now: Date) => Promise<boolean>,
  ): Promise<boolean> {
    const now = clock();
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      return user === undefined ? false : apply(tx, user, now);
    });
  }

  return {
    /**
     * The tier a subscription pays for. A cheaper tier while the user's paid period still runs is scheduled
     * (they paid for the higher one); anything else applies now. Answers whether users.tier changed.
     */
    async applyTier(userId: string, state: PaidTierState): Promise<boolean> {
      return withLockedUser(userId, async (tx, user, now) => {
        const from = toTierName(user.tier);
        const scheduleDown =
          !state.ended &&
          tierDirection(from, state.tier) === "down" &&
          user.periodEndsAt !== null &&
          user.periodEndsAt > now;
        if (scheduleDown) {
          await tx
            .update(users)
            .set({ pendingTier: state.tier, updatedAt: now })
            .where(eq(users.id, userId));
          return false;
        }
        await tx
          .update(users)
          .set({
            tier: state.tier,
            pendingTier: state.cancelAtPeriodEnd && state.tier !== "genesis" ? "genesis" : null,
            periodEndsAt: state.tier === "genesis" ? null : state.periodEndsAt,
            trialEndsAt: state.trialEndsAt,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        if (from === state.tier) return false;
        await tx.insert(planChanges).values({
          userId,
          kind: "tier",
          fromPlan: from,
          toPlan: state.tier,
          provider,
          actorId: null,
          effectiveAt: now,
          trialEndsAt: state.trialEndsAt,
        });
        return true;
      });
    },

    /** The world a subscription pays for (genesis when it ends); a climb pays its bonus, as with the free provider. */
    async applyWorld(userId: string, world: WorldName): Promise<boolean> {
      return withLockedUser(userId, async (tx, user, now) => {
        const from = toWorldName(user.world);
        if (from === world) return false;
        await tx.update(users).set({ world, updatedAt: now }).where(eq(users.id, userId));
        await tx.insert(planChanges).values({
          userId,
          kind: "world",
          fromPlan: from,
          toPlan: world,
          provider,
          actorId: null,
          effectiveAt: now,
          bonusTokens: worldUpgradeBonus(from, world),
        });
        return true;
      });
    },
  };
}
export type PaidPlanWriter = ReturnType<typeof createPaidPlanWriter>;
