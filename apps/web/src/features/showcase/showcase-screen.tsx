// /showcase: the shared ui components in the current theme and language, with real catalogue values.
import { LIMIT_BAR_MAXIMA, limitBarPercent, UNLIMITED, WORLDS } from "@aacos/domain/catalog";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { LimitBar } from "../../ui/limit-bar";
import { NoticeBanner } from "../../ui/notice-banner";
import { PageHeading } from "../../ui/page-heading";
import { ProgressBar } from "../../ui/progress-bar";
import { Stars } from "../../ui/stars";
import { Switch } from "../../ui/switch";
import { TitledSection } from "../../ui/titled-section";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} className="mt-10">
      <div className="mt-4">{children}</div>
    </TitledSection>
  );
}

export function ShowcaseScreen() {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = useFormatters();
  const storageSamples = [1, 50, 500, UNLIMITED];
  const [switchOn, setSwitchOn] = useState(true);
  const [switchOff, setSwitchOff] = useState(false);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="showcase">
      <PageHeading title={t("showcase.title")} lead={t("showcase.lead")} />

      <Section title={t("showcase.buttons")}>
        <div className="flex flex-wrap gap-3">
          <Button>{t("showcase.primary")}</Button>
          <Button variant="secondary">{t("showcase.secondary")}</Button>
          <Button variant="ghost">{t("showcase.ghost")}</Button>
          <Button disabled>{t("showcase.disabled")}</Button>
        </div>
      </Section>

      <Section title={t("showcase.cards")}>
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <h3 className="font-bold text-fg">{t("showcase.cardTitle")}</h3>
            <p className="mt-2 text-fg-muted">{t("showcase.cardBody")}</p>
          </Card>
          <Card selected>
            <h3 className="font-bold text-fg">{t("showcase.selectedCardTitle")}</h3>
            <p className="mt-2 text-fg-muted">{t("showcase.selectedCardBody")}</p>
          </Card>
        </div>
      </Section>

      <Section title={t("showcase.limitBars")}>
        <Card className="space-y-3">
          {storageSamples.map((value) => (
            <LimitBar
              key={value}
              label={t("tiers.limits.storageGB")}
              valueText={format.limit(value)}
              percent={limitBarPercent(value, LIMIT_BAR_MAXIMA.storageGB)}
            />
          ))}
        </Card>
      </Section>

      <Section title={t("showcase.badges")}>
        <div className="flex flex-wrap gap-3">
          <Badge>{t("tiers.current")}</Badge>
          <Badge tone="neutral">{t("showcase.badgeNeutral")}</Badge>
          <Badge tone="success">{t("showcase.badgeSuccess")}</Badge>
          <Badge tone="warning">{t("showcase.badgeWarning")}</Badge>
        </div>
      </Section>

      <Section title={t("showcase.stars")}>
        <ul className="flex flex-wrap gap-6">
          {WORLDS.map((world) => (
            <li key={world.tier} className="flex flex-col gap-1">
              <span className="text-sm text-fg-muted">{localized(world.displayName)}</span>
              <Stars
                filled={world.level}
                label={t("tiers.stars", { level: world.level, max: format.number(5) })}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t("showcase.progress")}>
        <Card className="space-y-4">
          {[0, 40, 100].map((value) => (
            <ProgressBar key={value} value={value} label={`${t("showcase.progress")} ${value}%`} />
          ))}
        </Card>
      </Section>

      <Section title={t("showcase.switches")}>
        <Card className="max-w-md">
          <Switch checked={switchOn} onChange={setSwitchOn} label={t("showcase.switchOn")} />
          <Switch checked={switchOff} onChange={setSwitchOff} label={t("showcase.switchOff")} />
          <Switch checked disabled onChange={() => {}} label={t("showcase.switchDisabled")} />
        </Card>
      </Section>

      <Section title={t("showcase.banners")}>
        <div className="space-y-3 overflow-hidden rounded-xl">
          <NoticeBanner tone="info">{t("showcase.bannerInfo")}</NoticeBanner>
          <NoticeBanner tone="warning">{t("showcase.bannerWarning")}</NoticeBanner>
        </div>
      </Section>
    </div>
  );
}
