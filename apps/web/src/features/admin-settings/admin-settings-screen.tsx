// /admin/settings (settings.manage): site switches, mail and AI checks, every tier's and world's prices and limits,
// and the history of changes. The server applies a change on every instance at once.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { settingsApi, settingsKeys } from "./api";
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
          <section aria-labelledby="settings-tiers" className="flex flex-col gap-4">
            <div>
              <h2 id="settings-tiers" className="text-2xl font-extrabold text-fg">
                {t("adminSettings.tiers.title")}
              </h2>
              <p className="mt-1 text-fg-muted">{t("adminSettings.tiers.lead")}</p>
            </div>
            {settings.data.tiers.map((tier) => (
              <PlanSettingsCard key={tier.name} kind="tier" plan={tier} />
            ))}
          </section>
          <section aria-labelledby="settings-worlds" className="flex flex-col gap-4">
            <div>
              <h2 id="settings-worlds" className="text-2xl font-extrabold text-fg">
                {t("adminSettings.worlds.title")}
              </h2>
              <p className="mt-1 text-fg-muted">{t("adminSettings.worlds.lead")}</p>
            </div>
            {settings.data.worlds.map((world) => (
              <PlanSettingsCard key={world.name} kind="world" plan={world} />
            ))}
          </section>
          <HistorySection />
        </div>
      ) : null}
    </div>
  );
}
