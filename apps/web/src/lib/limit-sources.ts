// The limits a user would actually get, as the server enforces them: the domain's effectiveLimitSources over the live
// catalogue (GET /api/catalog, with admins' changes) for the user's tier — genesis for a visitor, where every new
// account starts — with the side each limit comes from (plan, world or both) in words.
import {
  buildCatalog,
  effectiveLimitSources,
  type SourcedLimit,
  type TierLimits,
  type TierName,
  tierByName,
  type WorldName,
  worldByName,
} from "@aacos/domain/catalog";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "./auth-store";
import { useCatalog } from "./catalog-query";
import { usePlan } from "./plan-queries";
import { useLocalized } from "./use-language";

export interface ShownLimits {
  /** The tier the numbers are for: the user's, or genesis for a visitor. */
  tier: TierName;
  signedIn: boolean;
  /** Every limit in force with this tier in `world`. */
  inWorld: (world: WorldName) => Record<keyof TierLimits, SourcedLimit>;
  /** Where a limit in `world` comes from, in words: "From your plan (Quantum)". */
  sourceText: (limit: SourcedLimit, world: WorldName) => string;
}

export function useShownLimits(): ShownLimits {
  const { t } = useTranslation();
  const localized = useLocalized();
  const catalog = useCatalog().data ?? buildCatalog();
  const user = useAuthStore((state) => state.user);
  const plan = usePlan(user !== null);
  const tier: TierName = plan.data?.tier ?? user?.tier ?? "genesis";
  return {
    tier,
    signedIn: user !== null,
    inWorld: (world) => effectiveLimitSources(tier, world, catalog),
    sourceText: (limit, world) => {
      const names = {
        plan: localized(tierByName(tier, catalog).displayName),
        world: localized(worldByName(world, catalog).displayName),
      };
      // Genesis the plan and Genesis the world: one name, not "(Genesis, Genesis)".
      const key =
        limit.source === "both" && names.plan === names.world ? "bothSameName" : limit.source;
      return t(`limitSource.${key}`, names);
    },
  };
}
