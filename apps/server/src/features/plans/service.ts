// The plan of a user (tier, world, trial, scheduled downgrade, effective limits, history) and the changes users and
// admins make to it; every change goes through the billing provider, which settles what has come due first.
import {
  canUpgradeWorld,
  PLAN_MESSAGES,
  type TierName,
  toTierName,
  toWorldName,
  type WorldName,
} from "@aacos/domain/catalog";
import { effectiveLimits, tierByName } from "../../platform/live-catalog.js";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { planChanges, users } from "../../db/schema.js";
import type { UserRow } from "../../platform/auth.js";
import { notFound, validationFailed } from "../../platform/errors.js";
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
}) {
  const { db, audit, billing } = deps;

  /** The user with everything due applied. */
  async function settled(userId: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (user === undefined) throw notFound("No such user");
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

  return {
    async read(userId: string): Promise<Plan> {
      return planOf(await settled(userId));
    },

    /** A user's own tier change: upgrades at once, downgrades at the end of the paid period. */
    async changeTier(userId: string, to: TierName, context: AuditContext): Promise<Plan> {
      const user = await settled(userId);
      const from = toTierName(user.tier);
      // Choosing the current tier again is only meaningful to call off a scheduled downgrade.
      if (to === from && user.pendingTier === null) {
        throw validationFailed({ tier: PLAN_MESSAGES.alreadyOnTier });
      }
      if (to === user.pendingTier) throw validationFailed({ tier: PLAN_MESSAGES.alreadyScheduled });
      const result = await billing.changeTier(user, to, { actorId: null });
      await audit.record(context, "user.plan_changed", userId, {
        kind: "tier",
        from,
        to,
        pending: result.pending,
        effectiveAt: result.effectiveAt.toISOString(),
        provider: billing.name,
      });
      return planOf(await settled(userId));
    },

    /** A user's own world change: up only, paying the upgrade bonus. */
    async changeWorld(userId: string, to: WorldName, context: AuditContext): Promise<Plan> {
      const user = await settled(userId);
      const from = toWorldName(user.world);
      if (!canUpgradeWorld(from, to))
        throw validationFailed({ world: PLAN_MESSAGES.worldsOnlyMoveUp });
      const result = await billing.changeWorld(user, to, { actorId: null });
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
