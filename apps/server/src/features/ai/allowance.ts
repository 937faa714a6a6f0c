// The daily AI-token allowance: today's tokens are the sum of the user's runs since 00:00 UTC (one reset instant for
// everyone, like a provider's bill; docs/decisions/060-ai-features-and-plans.md), against maxAITokensPerDay.

import { type TierName, UNLIMITED, upgradePayload, type WorldName } from "@aacos/domain/catalog";
import type { AiAllowance } from "@aacos/domain/replies";
import { AI_MESSAGES } from "@aacos/domain/validation";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { runs } from "../../db/schema.js";
import { AppError } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";

/** Today's AI-token allowance as GET /api/ai/allowance answers it (domain ai/replies.ts). */
export type AllowanceState = AiAllowance;

export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(utcDayStart(now).getTime() + 86_400_000);
}

export interface Allowance {
  read(userId: string, plan: { tier: TierName; world: WorldName }): Promise<AllowanceState>;
  /** 429 when the estimated prompt would pass what is left today; called before any provider call. */
  assertRoom(
    userId: string,
    plan: { tier: TierName; world: WorldName },
    estimatedPromptTokens: number,
  ): Promise<void>;
  /**
   * The same check in two steps, so today's use is read beside a caller's other reads: resolves to the check of an
   * estimated prompt (throws the 429). An unlimited plan reads nothing.
   */
  roomCheck(
    userId: string,
    plan: { tier: TierName; world: WorldName },
  ): Promise<(estimatedPromptTokens: number) => void>;
}

/** An unlimited plan's check: nothing read, nothing refused. */
const ALWAYS_ROOM = () => {};

export function createAllowance(deps: { db: Db; clock: () => Date }): Allowance {
  async function read(userId: string, plan: { tier: TierName; world: WorldName }) {
    const now = deps.clock();
    const [row] = await deps.db
      .select({
        used: sql<string>`coalesce(sum(${runs.promptTokens} + ${runs.completionTokens}), 0)`,
      })
      .from(runs)
      .where(and(eq(runs.userId, userId), gte(runs.createdAt, utcDayStart(now))));
    return {
      used: Number(row?.used ?? 0),
      limit: effectiveLimits(plan.tier, plan.world).maxAITokensPerDay,
      resetsAt: nextUtcMidnight(now).toISOString(),
    };
  }
  function check(
    plan: { tier: TierName; world: WorldName },
    state: AllowanceState,
    estimatedPromptTokens: number,
  ): void {
    if (state.limit === UNLIMITED) return;
    if (state.used + estimatedPromptTokens <= state.limit) return;
    const retryAfter = Math.max(
      1,
      Math.ceil((Date.parse(state.resetsAt) - deps.clock().getTime()) / 1000),
    );
    throw new AppError("limit_reached", 429, AI_MESSAGES.tokenLimit(state.limit), {
      params: { limit: "maxAITokensPerDay", max: state.limit },
      extra: {
        retryAfter,
        ...upgradePayload(plan.tier, "maxAITokensPerDay"),
        used: state.used,
        limit: state.limit,
        resetsAt: state.resetsAt,
      },
    });
  }
  async function roomCheck(userId: string, plan: { tier: TierName; world: WorldName }) {
    if (effectiveLimits(plan.tier, plan.world).maxAITokensPerDay === UNLIMITED) return ALWAYS_ROOM;
    const state = await read(userId, plan);
    return (estimatedPromptTokens: number) => check(plan, state, estimatedPromptTokens);
  }
  return {
    read,
    roomCheck,
    async assertRoom(userId, plan, estimatedPromptTokens) {
      (await roomCheck(userId, plan))(estimatedPromptTokens);
    },
  };
}
