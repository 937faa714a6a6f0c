// Settings "Plan & usage": the subscription plan in brief (changes happen on /tiers) and the usage panel.
import { useTranslation } from "react-i18next";
import { usePlanFacts } from "../../lib/plan-facts";
import { usePlan } from "../../lib/plan-queries";
import { useUsageRows } from "../../lib/usage-rows";
import { ButtonLink } from "../../ui/button";
import { FactList } from "../../ui/fact-list";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { UsagePanel } from "../../ui/usage-panel";
import { SettingsSection } from "./settings-section";

export function PlanUsageSection() {
  const { t } = useTranslation();
  const plan = usePlan();
  const facts = usePlanFacts();
  const usage = useUsageRows();
  return (
    <SettingsSection
      title={t("settings.planUsage.title")}
      lead={t("settings.planUsage.lead")}
      testId="settings-plan-usage"
      aside={
        <ButtonLink to="/tiers#plan" variant="secondary" data-testid="settings-change-plan">
          {t("settings.planUsage.change")}
        </ButtonLink>
      }
    >
      {plan.data ? <FactList facts={facts(plan.data)} testId="settings-plan-facts" /> : null}
      {usage.isPending ? (
        <Loader message={t("usage.loading")} />
      ) : usage.rows.length === 0 ? (
        <FormAlert testId="usage-error">{t("usage.loadError")}</FormAlert>
      ) : (
        <UsagePanel title={t("usage.title")} rows={usage.rows} />
      )}
    </SettingsSection>
  );
}
