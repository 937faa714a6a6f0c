// The plan of a user (tier, world, trial, scheduled downgrade, effective limits, history) and the changes users and
// admins make to it; every change goes through the billing provider, which settles what has come due first.

import {
  BILLING_MESSAGES,
  type BillingInterval,
  isCustomPrice,
  type PendingCheckout,
} from "@aacos/domain/billing";
import {
  canUpgradeWorld,
  PLAN_MESSAGES,
  type TierName,
  toTierName,
  toWorldName,
  type WorldName,
} from "@aacos/domain/catalog";
import { fieldFailure } from "@aacos/domain/errors";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { planChanges, users } from "../../db/schema.js";
import type { UserRow } from "../../platform/auth.js";
import { AppError, notFound, validationFailed } from "../../platform/errors.js";
import { effectiveLimits, tierByName, worldByName } from "../../platform/live-catalog.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { BillingProvider } from "./billing-provider.js";

/** The newest changes a plan shows; older ones stay in plan_changes. */
const HISTORY_SIZE = 50;

import type { Plan } from "@aacos/domain/catalog";

export type { Plan, PlanHistoryItem } from "@aacos/domain/catalog";

export interface AdminPlanChange {
  tier?: TierName;
  world?: WorldName;
}

export function createPlanService(deps: {
  db: Db;
  audit: AuditService;
  billing: BillingProvider;
  /** Told right after a world change is recorded: the progression ledger credits its upgrade bonus. */
  onWorldChanged?: (userId: string) => Promise<unknown>;
  /** Without a payment provider (test mode), whether users may change their own plan (the admins' switch). */
  selfService?: () => boolean;
}) {
  const { db, audit, billing } = deps;

  /** The user with everything due applied. */
  async function settled(userId: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (user === undefined) throw notFound("user", "No such user");
    return billing.settle(user);
  }

  async function planOf(user: UserRow): Promise<Plan> {
    const tier = toTierName(user.tier);
    const world = toWorldName(user.world);
    const rows = await db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, user.id))
      .orderBy(desc(planChanges.effectiveAt), desc(planChanges.createdAt))
      .limit(HISTORY_SIZE);
    return {
      tier,
      world,
      trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
      pendingTier: user.pendingTier === null ? null : toTierName(user.pendingTier),
      periodEndsAt: user.periodEndsAt?.toISOString() ?? null,
      limits: effectiveLimits(tier, world),
      features: tierByName(tier).features,
      history: rows.map((row) => ({
        kind: row.kind === "world" ? "world" : "tier",
        fromPlan: row.fromPlan,
        toPlan: row.toPlan,
        effectiveAt: row.effectiveAt.toISOString(),
        bonusTokens: row.bonusTokens,
      })),
    };
  }

  /** Test mode with self-service off: users ask an admin instead. Custom prices are never self-service. */
  function mayChange(kind: "tier" | "world", pricing: { monthly: number; yearly: number }) {
    if (billing.name !== "stripe" && deps.selfService?.() === false) {
      throw new AppError("self_service_off", 403, BILLING_MESSAGES.selfServiceOff);
    }
    if (isCustomPrice(pricing))
      throw validationFailed({
        [kind]: fieldFailure(BILLING_MESSAGES.customPrice, "custom_price"),
      });
  }

  return {
    async read(userId: string): Promise<Plan> {
      return planOf(await settled(userId));
    },

    /** A user's own tier change: upgrades at once, downgrades at the end of the paid period. */
    async changeTier(
      userId: string,
      to: TierName,
      context: AuditContext,
      interval: BillingInterval = "monthly",
    ): Promise<Plan | PendingCheckout> {
      const user = await settled(userId);
      const from = toTierName(user.tier);
      // Choosing the current tier again is only meaningful to call off a scheduled downgrade.
      if (to === from && user.pendingTier === null) {
        throw validationFailed({
          tier: fieldFailure(PLAN_MESSAGES.alreadyOnTier, "already_on_tier"),
        });
      }
      if (to === user.pendingTier)
        throw validationFailed({
          tier: fieldFailure(PLAN_MESSAGES.alreadyScheduled, "already_scheduled"),
        });
      // Calling off a scheduled downgrade is always allowed; a move to a custom-priced tier never is.
      if (to !== from) mayChange("tier", tierByName(to).pricing);
      const result = await billing.changeTier(user, to, { actorId: null, interval });
      await audit.record(context, "user.plan_changed", userId, {
        kind: "tier",
        from,
        to,
        pending: result.pending,
        effectiveAt: result.effectiveAt.toISOString(),
        provider: billing.name,
      });
      if (result.checkoutUrl !== undefined)
        return { pending: true, checkoutUrl: result.checkoutUrl };
      return planOf(await settled(userId));
    },

    /** A user's own world change: up only, paying the upgrade bonus. */
    async changeWorld(
      userId: string,
      to: WorldName,
      context: AuditContext,
      interval: BillingInterval = "monthly",
    ): Promise<Plan | PendingCheckout> {
      const user = await settled(userId);
      const from = toWorldName(user.world);
      if (!canUpgradeWorld(from, to))
        throw validationFailed({
          world: fieldFailure(PLAN_MESSAGES.worldsOnlyMoveUp, "worlds_only_move_up"),
        });
      mayChange("world", worldByName(to).pricing);
      const result = await billing.changeWorld(user, to, { actorId: null, interval });
      if (result.checkoutUrl !== undefined) {
        await audit.record(context, "user.plan_changed", userId, {
          kind: "world",
          from,
          to,
          pending: true,
          provider: billing.name,
        });
        return { pending: true, checkoutUrl: result.checkoutUrl };
      }
      await deps.onWorldChanged?.(userId);
      await audit.record(context, "user.plan_changed", userId, {
        kind: "world",
        from,
        to,
        bonusTokens: result.bonusTokens,
        provider: billing.name,
      });
      return planOf(await settled(userId));
    },

    /**
     * An admin sets anyone's plan: at once, downgrades and lower worlds included. The caller records the audit
     * entry (the users API does, with the rest of the admin's edit).
     */
    async setByAdmin(userId: string, change: AdminPlanChange, actorId: string): Promise<UserRow> {
      let user = await settled(userId);
      if (
        change.tier !== undefined &&
        (change.tier !== toTierName(user.tier) || user.pendingTier !== null)
      ) {
        await billing.changeTier(user, change.tier, { actorId });
        user = await settled(userId);
      }
      if (change.world !== undefined && change.world !== toWorldName(user.world)) {
        await billing.changeWorld(user, change.world, { actorId });
        await deps.onWorldChanged?.(userId);
        user = await settled(userId);
      }
      return user;
    },
  };
}
export type PlanService = ReturnType<typeof createPlanService>;
