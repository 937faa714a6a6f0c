// The workspace caps of the plan (maxActiveUniverses, maxProjects, maxEntitiesPerUniverse, maxTrainingDataSize) and their refusals.
import { checkCountLimit, type PlanLimitCheck, plural } from "../catalog/effective-limits.js";
import type { TierLimits } from "../catalog/types.js";
import { UNLIMITED } from "../catalog/types.js";
import { megabytesToBytes } from "../files/upload.js";

export const WORKSPACE_MESSAGES = {
  activeUniverses: (n: number) =>
    `Universe limit reached: ${n} active ${plural(n, "universe", "universes")} on your plan`,
  projects: (n: number) => `Project limit reached: ${n} ${plural(n, "project", "projects")}`,
  entities: (n: number) =>
    `Entity limit reached: ${n} ${plural(n, "entity", "entities")} per universe on your plan`,
  trainingData: (mb: number) => `Training data limit reached: ${mb} MB of knowledge per entity`,
  archivedUniverse: "This universe is archived: unarchive it to change its entities",
  alreadyKnowledge: "This file is already knowledge of this entity",
  unreadableFile: "No text could be extracted from this file",
  realityForgeLocked: (world: string) =>
    `Reality forge is available in the Cosmic and Infinity worlds; your world is ${world}`,
} as const;

/** ok, or the refusal with the limit's name (the upgrade payload's reason). */
export type LimitCheck = PlanLimitCheck<
  "maxProjects" | "maxActiveUniverses" | "maxEntitiesPerUniverse" | "maxTrainingDataSize"
>;

export function checkNewUniverse(
  used: { active: number; total: number },
  limits: Pick<TierLimits, "maxActiveUniverses" | "maxProjects">,
): LimitCheck {
  const projects = checkCountLimit(used.total, limits, "maxProjects", WORKSPACE_MESSAGES.projects);
  return projects.ok ? checkUnarchive(used, limits) : projects;
}

/** Unarchiving makes one more active universe; the project count does not change. */
export function checkUnarchive(
  used: { active: number },
  limits: Pick<TierLimits, "maxActiveUniverses">,
): LimitCheck {
  return checkCountLimit(
    used.active,
    limits,
    "maxActiveUniverses",
    WORKSPACE_MESSAGES.activeUniverses,
  );
}

export function checkNewEntity(
  entitiesInUniverse: number,
  limits: Pick<TierLimits, "maxEntitiesPerUniverse">,
): LimitCheck {
  return checkCountLimit(
    entitiesInUniverse,
    limits,
    "maxEntitiesPerUniverse",
    WORKSPACE_MESSAGES.entities,
  );
}

/** maxTrainingDataSize is in MB (as the upload limits count them) of extracted text per entity. */
export function checkTrainingData(
  bytes: { used: number; added: number },
  limits: Pick<TierLimits, "maxTrainingDataSize">,
): LimitCheck {
  const limit = limits.maxTrainingDataSize;
  if (limit !== UNLIMITED && bytes.used + bytes.added > megabytesToBytes(limit)) {
    return {
      ok: false,
      reason: "maxTrainingDataSize",
      limit,
      message: WORKSPACE_MESSAGES.trainingData(limit),
    };
  }
  return { ok: true };
}
