// `app.requireFeature(flag)`: an onRequest hook factory that lets through only users whose tier switches the feature
// on; others get 403 naming the tier that unlocks it, with the upgrade link the tier chooser opens.
import {
  type FeatureFlag,
  featureLockedMessage,
  tierHasFeature,
  tierUnlocking,
} from "@aacos/domain/catalog";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { CallerCheck } from "./auth.js";
import { AppError, unauthorized } from "./errors.js";
import { describeHook } from "./route-list.js";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook factory: 401 signed out, 403 `feature_locked` when the user's tier lacks the flag. */
    requireFeature: (flag: FeatureFlag) => CallerCheck;
  }
}

export function featureLocked(flag: FeatureFlag): AppError {
  const suggestedTier = tierUnlocking(flag);
  return new AppError("feature_locked", 403, featureLockedMessage(flag), {
    params: { feature: flag, plan: suggestedTier },
    extra: { suggestedTier, upgradeUrl: `/tiers?upgrade=${suggestedTier}`, reason: flag },
  });
}

export const featureGatePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("requireFeature", (flag: FeatureFlag) => {
      return describeHook(
        (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
          const principal = request.principal;
          if (principal === null) throw unauthorized();
          // principal.tier already counts a downgrade whose paid period has ended.
          const tier = principal.tier;
          if (!tierHasFeature(tier, flag)) throw featureLocked(flag);
          done();
        },
        { feature: flag },
      );
    });
  },
  { name: "feature-gate" },
);
