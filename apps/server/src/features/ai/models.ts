// Which model answers for an entity (docs/decisions/060-ai-features-and-plans.md): the default model for every plan,
// listed models (AI_MODELS) up to the plan's maxModelComplexity, unlisted model names only with customModels.
import {
  type TierName,
  tierHasFeature,
  UNLIMITED,
  upgradePayload,
  type WorldName,
} from "@aacos/domain/catalog";
import { AI_MESSAGES } from "@aacos/domain/validation";
import { AppError } from "../../platform/errors.js";
import { featureLocked } from "../../platform/feature-gate.js";
import { currentCatalog, effectiveLimits } from "../../platform/live-catalog.js";

export interface OfferedModel {
  name: string;
  /** 1 (smallest) to 5; compared with the plan's maxModelComplexity. */
  complexity: number;
}

export interface ModelCatalog {
  defaultModel: string;
  /** AI_MODELS; empty when only the default is offered. */
  offered: readonly OfferedModel[];
}

/** The lowest tier whose plan allows a model of this complexity. */
function tierAllowing(complexity: number): TierName | null {
  const tier = currentCatalog().tiers.find(
    (candidate) =>
      candidate.limits.maxModelComplexity === UNLIMITED ||
      candidate.limits.maxModelComplexity >= complexity,
  );
  return tier?.name ?? null;
}

/** The model name to send, or a 403/400 saying why this plan may not use the entity's model. */
export function chooseModel(
  catalog: ModelCatalog,
  entityModel: string | null,
  plan: { tier: TierName; world: WorldName },
): string {
  const name = entityModel?.trim() || catalog.defaultModel;
  // The server's default is the floor every plan gets, whatever its listed complexity.
  if (name === catalog.defaultModel) return name;
  const offered = catalog.offered.find((model) => model.name === name);
  if (offered === undefined) {
    if (!tierHasFeature(plan.tier, "customModels")) throw featureLocked("customModels");
    return name;
  }
  const allowed = effectiveLimits(plan.tier, plan.world).maxModelComplexity;
  if (allowed !== UNLIMITED && offered.complexity > allowed) {
    const suggested = tierAllowing(offered.complexity);
    throw new AppError(
      "limit_reached",
      403,
      AI_MESSAGES.modelComplexity(name, offered.complexity, allowed),
      {
        params: {
          limit: "maxModelComplexity",
          max: allowed,
          model: name,
          complexity: offered.complexity,
        },
        extra: {
          ...upgradePayload(plan.tier, "maxModelComplexity"),
          ...(suggested === null
            ? {}
            : { suggestedTier: suggested, upgradeUrl: `/tiers?upgrade=${suggested}` }),
        },
      },
    );
  }
  return name;
}
