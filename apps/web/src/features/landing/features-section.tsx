// The landing page's features: universes, chat, command centre, live operations, consciousness, game layer.
import { useTranslation } from "react-i18next";
import { Card } from "../../ui/card";
import { Icon, type IconName } from "../../ui/icon";
import { SectionIntro } from "./section-intro";

const FEATURES = [
  { key: "universes", icon: "orbit" },
  { key: "chat", icon: "message" },
  { key: "commandCenter", icon: "sliders" },
  { key: "monitoring", icon: "activity" },
  { key: "consciousness", icon: "eye" },
  { key: "game", icon: "trophy" },
] as const satisfies readonly { key: string; icon: IconName }[];

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="features-title"
      className="border-y border-border bg-surface-muted/50"
    >
      <div className="mx-auto max-w-6xl px-4 py-16">
        <SectionIntro section="features" />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.key}>
              <Card className="h-full">
                <span className="flex size-11 items-center justify-center rounded-xl bg-surface-muted text-accent-text">
                  <Icon name={feature.icon} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-fg">
                  {t(`landing.features.${feature.key}.title`)}
                </h3>
                <p className="mt-2 text-fg-muted">{t(`landing.features.${feature.key}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
