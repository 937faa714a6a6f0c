// The billing-provider interface every plan change goes through, and its default "immediate" provider (no payment):
// upgrades apply at once with the tier's trial, a user's own downgrade waits for the end of the paid period.

import type { BillingInterval } from "@aacos/domain/billing";
import {
  addDays,
  currentPeriodEnd,
  downgradeIsDue,
  PAID_PERIOD_DAYS,
  PLAN_MESSAGES,
  type TierName,
  tierDirection,
  toTierName,
  toWorldName,
  type WorldName,
} from "@aacos/domain/catalog";
import { worldUpgradeBonus } from "@aacos/domain/progression";
import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { planChanges, users } from "../../db/schema.js";
import type { UserRow } from "../../platform/auth.js";
import { conflict } from "../../platform/errors.js";
import { isPaidTier, trialEndFor } from "../../platform/live-catalog.js";

export interface PlanChangeOptions {
  /** The admin making the change, or null when users change their own plan. An admin's change applies at once. */
  actorId: string | null;
  /** Monthly or yearly billing for a paid change (the Stripe provider's Price); the free provider ignores it. */
  interval?: BillingInterval;
}

export interface PlanChangeResult {
  /** When the change takes (or took) effect; the end of the paid period for a scheduled downgrade. */
  effectiveAt: Date;
  trialEndsAt: Date | null;
  /** True when the change waits (a scheduled downgrade; with a card provider, a payment not yet confirmed). */
  pending: boolean;
  /** The world-upgrade bonus, kept in plan_changes.bonusTokens for the progression ledger to credit. */
  bonusTokens: number;
  /** With a card provider: where the user pays; the plan changes when the payment is confirmed. */
  checkoutUrl?: string;
}

export interface BillingProvider {
  /** Stored in plan_changes.provider. */
  readonly name: string;
  /** Moves the user to a tier; choosing the current tier again calls off a scheduled downgrade. */
  changeTier(user: UserRow, to: TierName, options: PlanChangeOptions): Promise<PlanChangeResult>;
  changeWorld(user: UserRow, to: WorldName, options: PlanChangeOptions): Promise<PlanChangeResult>;
  /** Applies what has come due (a scheduled downgrade, a lapsed period rolling on); returns the user as now. */
  settle(user: UserRow): Promise<UserRow>;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type UserChanges = Partial<
  Pick<UserRow, "tier" | "world" | "trialEndsAt" | "pendingTier" | "periodEndsAt">
>;

/** The row as the caller read it: a concurrent change makes the write match nothing instead of mixing two. */
function unchangedSince(user: UserRow): SQL | undefined {
  return and(
    eq(users.id, user.id),
    eq(users.tier, user.tier),
    eq(users.world, user.world),
    user.pendingTier === null ? isNull(users.pendingTier) : eq(users.pendingTier, user.pendingTier),
  );
}

/** One trial per tier and user: choosing a tier again after leaving it starts no second trial. */
export async function hadTrialOn(db: Db, userId: string, tier: TierName): Promise<boolean> {
  const [row] = await db
    .select({ id: planChanges.id })
    .from(planChanges)
    .where(
      and(
        eq(planChanges.userId, userId),
        eq(planChanges.kind, "tier"),
        eq(planChanges.toPlan, tier),
        isNotNull(planChanges.trialEndsAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function createImmediateBillingProvider(deps: {
  db: Db;
  clock: () => Date;
}): BillingProvider {
  const { db, clock } = deps;
  const name = "immediate";

  /** Null when the row changed since the caller read it. */
  async function write(tx: Tx, user: UserRow, changes: UserChanges, now: Date) {
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(unchangedSince(user))
      .returning();
    return updated ?? null;
  }

  /** A change made against a stale read is refused, never merged. */
  async function writeOrRefuse(tx: Tx, user: UserRow, changes: UserChanges, now: Date) {
    const updated = await write(tx, user, changes, now);
    if (updated === null) throw conflict("plan_changed", PLAN_MESSAGES.planChangedMeanwhile);
    return updated;
  }

  const hadTrial = (userId: string, tier: TierName) => hadTrialOn(db, userId, tier);

  return {
    name,

    async changeTier(user, to, { actorId }) {
      const now = clock();
      const from = toTierName(user.tier);
      const direction = tierDirection(from, to);
      if (direction === "same") {
        if (user.pendingTier !== null) {
          await db.transaction((tx) => writeOrRefuse(tx, user, { pendingTier: null }, now));
        }
        return { effectiveAt: now, trialEndsAt: user.trialEndsAt, pending: false, bonusTokens: 0 };
      }
      const periodEnd = user.periodEndsAt;
      if (direction === "down" && actorId === null && periodEnd !== null && periodEnd > now) {
        // The user paid for this period: the lower tier starts when it ends.
        await db.transaction((tx) => writeOrRefuse(tx, user, { pendingTier: to }, now));
        return {
          effectiveAt: periodEnd,
          trialEndsAt: user.trialEndsAt,
          pending: true,
          bonusTokens: 0,
        };
      }
      const trialEndsAt =
        direction === "up" && !(await hadTrial(user.id, to)) ? trialEndFor(to, now) : null;
      const periodEndsAt = isPaidTier(to) ? (periodEnd ?? addDays(now, PAID_PERIOD_DAYS)) : null;
      await db.transaction(async (tx) => {
        await writeOrRefuse(
          tx,
          user,
          { tier: to, pendingTier: null, trialEndsAt, periodEndsAt },
          now,
        );
        await tx.insert(planChanges).values({
          userId: user.id,
          kind: "tier",
          fromPlan: from,
          toPlan: to,
          provider: name,
          actorId,
          effectiveAt: now,
          trialEndsAt,
        });
      });
      return { effectiveAt: now, trialEndsAt, pending: false, bonusTokens: 0 };
    },

    async changeWorld(user, to, { actorId }) {
      const now = clock();
      const from = toWorldName(user.world);
      // Only a climb pays; an admin moving a world down pays nothing.
      const bonusTokens = worldUpgradeBonus(from, to);
      await db.transaction(async (tx) => {
        await writeOrRefuse(tx, user, { world: to }, now);
        await tx.insert(planChanges).values({
          userId: user.id,
          kind: "world",
          fromPlan: from,
          toPlan: to,
          provider: name,
          actorId,
          effectiveAt: now,
          bonusTokens,
        });
      });
      return { effectiveAt: now, trialEndsAt: null, pending: false, bonusTokens };
    },

    async settle(user) {
      const now = clock();
      const tier = toTierName(user.tier);
      const pendingTier = user.pendingTier === null ? null : toTierName(user.pendingTier);
      const periodEnd = user.periodEndsAt;
      if (periodEnd === null) return user;
      let settled: UserRow | null = user;
      if (
        pendingTier !== null &&
        downgradeIsDue({ tier, pendingTier, periodEndsAt: periodEnd }, now)
      ) {
        settled = await db.transaction(async (tx) => {
          const updated = await write(
            tx,
            user,
            {
              tier: pendingTier,
              pendingTier: null,
              trialEndsAt: null,
              periodEndsAt: isPaidTier(pendingTier) ? currentPeriodEnd(periodEnd, now) : null,
            },
            now,
          );
          if (updated === null) return null;
          await tx.insert(planChanges).values({
            userId: user.id,
            kind: "tier",
            fromPlan: tier,
            toPlan: pendingTier,
            provider: name,
            actorId: null,
            // It took effect when the paid period ended, not when someone next looked.
            effectiveAt: periodEnd,
          });
          return updated;
        });
      } else if (isPaidTier(tier) && periodEnd <= now) {
        // Nothing to charge with this provider: a lapsed paid period simply renews.
        settled = await db.transaction((tx) =>
          write(tx, user, { periodEndsAt: currentPeriodEnd(periodEnd, now) }, now),
        );
      }
      if (settled !== null) return settled;
      // Another request settled (or changed) the plan first: read what it wrote.
      const [current] = await db.select().from(users).where(eq(users.id, user.id));
      return current ?? user;
    },
  };
}
