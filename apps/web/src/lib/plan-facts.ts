// The plan summary in words: subscription tier, world, trial end and a scheduled downgrade.
import { tierByName, worldByName } from "@aacos/domain/catalog";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "./format-date";
import type { Plan } from "./plan-queries";
import { useLocalized } from "./use-language";

export interface PlanFact {
  key: string;
  label: string;
  value: string;
}

export function usePlanFacts(): (plan: Plan) => PlanFact[] {
  const { t } = useTranslation();
  const localized = useLocalized();
  const date = useDateFormat();
  return (plan) => {
    const facts: PlanFact[] = [
      {
        key: "tier",
        label: t("plan.facts.tier"),
        value: localized(tierByName(plan.tier).displayName),
      },
      {
        key: "world",
        label: t("plan.facts.world"),
        value: localized(worldByName(plan.world).displayName),
      },
    ];
    const trialEnds = plan.trialEndsAt === null ? null : Date.parse(plan.trialEndsAt);
    if (plan.trialEndsAt !== null && trialEnds !== null && trialEnds > Date.now()) {
      facts.push({ key: "trial", label: t("plan.facts.trialEnds"), value: date(plan.trialEndsAt) });
    }
    if (plan.pendingTier !== null) {
      facts.push({
        key: "pending",
        label: t("plan.facts.pending", {
          plan: localized(tierByName(plan.pendingTier).displayName),
        }),
        value: plan.periodEndsAt === null ? "—" : date(plan.periodEndsAt),
      });
    }
    return facts;
  };
}
