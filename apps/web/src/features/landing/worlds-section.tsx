// The five worlds with their prices, read from GET /api/catalog.
import { useTranslation } from "react-i18next";
import { useCatalog } from "../../lib/catalog-query";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Button, ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { Loader } from "../../ui/loader";
import { Stars } from "../../ui/stars";
import { WorldIcon, WorldStripe } from "../../ui/world-icon";
import { SectionIntro } from "./section-intro";

export function WorldsSection() {
  const { t } = useTranslation();
  const catalog = useCatalog();
  const localized = useLocalized();
  const format = useFormatters();

  return (
    <section aria-labelledby="worlds-title" className="mx-auto max-w-6xl px-4 py-16">
      <SectionIntro section="worlds" />

      {catalog.isPending ? <Loader message={t("landing.worlds.loading")} /> : null}
      {catalog.isError ? (
        <div role="alert" className="mt-8 flex flex-col items-start gap-3">
          <p className="text-fg-muted">{t("landing.worlds.error")}</p>
          <Button variant="secondary" onClick={() => void catalog.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : null}
      {catalog.isSuccess ? (
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {catalog.data.worlds.map((world) => (
            <li key={world.tier} data-testid={`landing-world-${world.tier}`}>
              <Card className="relative flex h-full flex-col gap-2 overflow-hidden pt-6">
                <WorldStripe color={world.color} />
                <WorldIcon tier={world.tier} color={world.color} className="size-9" />
                <h3 className="text-lg font-bold text-fg">{localized(world.displayName)}</h3>
                <Stars
                  filled={world.level}
                  label={t("tiers.stars", { level: world.level, max: format.number(5) })}
                />
                <p className="text-sm text-fg-muted">{localized(world.description)}</p>
                <p className="mt-auto pt-2 text-sm font-semibold text-fg-muted">
                  {t("landing.worlds.multiplier", {
                    value: format.number(world.progression.experienceMultiplier),
                  })}
                </p>
                <p className="text-xl font-extrabold text-accent-text">
                  {format.price(world.pricing.monthly)}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-8">
        <ButtonLink to="/tiers" variant="secondary">
          {t("landing.worlds.compare")}
        </ButtonLink>
      </div>
    </section>
  );
}
