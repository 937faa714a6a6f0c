// /admin/settings (settings.manage): site switches, mail and AI checks, every tier's and world's prices and limits,
// and the history of changes. The server applies a change on every instance at once.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { type PlanSettings, type SettingsKind, settingsApi, settingsKeys } from "./api";
import { HistorySection } from "./history-section";
import { PlanSettingsCard } from "./plan-settings-card";
import { ServicesSection } from "./services-section";
import { SiteSection } from "./site-section";

export function AdminSettingsScreen() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: settingsKeys.view,
    queryFn: ({ signal }) => settingsApi.view(signal),
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="admin-settings">
      <PageHeading title={t("adminSettings.title")} lead={t("adminSettings.lead")} />
      {settings.isPending ? <Loader message={t("adminSettings.loading")} /> : null}
      {settings.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert testId="settings-load-error">{t("adminSettings.loadFailed")}</FormAlert>
          <Button variant="secondary" onClick={() => settings.refetch()}>
            {t("adminSettings.retry")}
          </Button>
        </div>
      ) : null}
      {settings.data ? (
        <div className="flex flex-col gap-10">
          <div className="grid gap-6 lg:grid-cols-2">
            <SiteSection settings={settings.data} />
            <ServicesSection settings={settings.data} />
          </div>
          <PlansSection kind="tier" plans={settings.data.tiers} />
          <PlansSection kind="world" plans={settings.data.worlds} />
          <HistorySection />
        </div>
      ) : null}
    </div>
  );
}

/** Every tier's or every world's settings card, under the group's heading. */
function PlansSection({ kind, plans }: { kind: SettingsKind; plans: readonly PlanSettings[] }) {
  const { t } = useTranslation();
  const group = kind === "tier" ? "tiers" : "worlds";
  return (
    <section aria-labelledby={`settings-${group}`} className="flex flex-col gap-4">
      <div>
        <h2 id={`settings-${group}`} className="text-2xl font-extrabold text-fg">
          {t(`adminSettings.${group}.title`)}
        </h2>
        <p className="mt-1 text-fg-muted">{t(`adminSettings.${group}.lead`)}</p>
      </div>
      {plans.map((plan) => (
        <PlanSettingsCard key={plan.name} kind={kind} plan={plan} />
      ))}
    </section>
  );
}
