// An honest placeholder for screens later issues build: it says what the screen will hold, never shows invented data.
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";

export const PLACEHOLDER_SCREENS = [
  "chat",
  "aiCommandCenter",
  "aiEntityOrchestration",
  "aiAutonomousControl",
  "monitoring",
  "realtime",
  "alerts",
  "signals",
  "consciousness",
  "commandCenter",
  "entityOrchestration",
  "autonomousControl",
  "dashboard",
  "admin",
  "adminAnalytics",
  "adminSettings",
  "desktop",
  "mobile",
] as const;
export type PlaceholderScreenName = (typeof PLACEHOLDER_SCREENS)[number];

export function PlaceholderScreen({ screen }: { screen: PlaceholderScreenName }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12" data-testid={`placeholder-${screen}`}>
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">
        {t("placeholders.notice")}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-fg">{t(`placeholders.${screen}.title`)}</h1>
      <Card className="mt-6">
        <h2 className="text-sm font-bold text-fg-muted">{t("placeholders.plannedLabel")}</h2>
        <p className="mt-2 text-lg text-fg">{t(`placeholders.${screen}.body`)}</p>
      </Card>
      <ButtonLink to="/" variant="secondary" className="mt-6">
        {t("placeholders.home")}
      </ButtonLink>
    </div>
  );
}
