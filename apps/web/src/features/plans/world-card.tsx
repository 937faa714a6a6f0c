// One world on the tier chooser: icon, name, stars for its level, price and the Current badge.
import type { World } from "@aacos/domain/catalog";
import { useTranslation } from "react-i18next";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { cardClasses } from "../../ui/card";
import { Stars } from "../../ui/stars";
import { WorldIcon, WorldStripe } from "../../ui/world-icon";

interface WorldCardProps {
  world: World;
  selected: boolean;
  current: boolean;
  onSelect: () => void;
}

export function WorldCard({ world, selected, current, onSelect }: WorldCardProps) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = useFormatters();
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-testid={`world-card-${world.tier}`}
      onClick={onSelect}
      className={cardClasses(
        selected,
        "relative flex h-full w-full flex-col items-start gap-3 overflow-hidden pt-6 text-start transition hover:-translate-y-0.5 hover:border-primary",
      )}
    >
      <WorldStripe color={world.color} />
      <span className="flex w-full items-start justify-between gap-2">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-xl bg-surface-muted text-2xl"
        >
          <WorldIcon tier={world.tier} color={world.color} />
        </span>
        {current ? (
          <Badge tone="primary" className="shrink-0">
            <span data-testid={`world-current-${world.tier}`}>{t("tiers.current")}</span>
          </Badge>
        ) : null}
      </span>
      <span className="text-xl font-bold text-fg">{localized(world.displayName)}</span>
      <Stars
        filled={world.level}
        label={t("tiers.stars", { level: world.level, max: format.number(5) })}
      />
      <span
        data-testid={`world-price-${world.tier}`}
        className="mt-auto text-lg font-extrabold text-accent-text"
      >
        {format.price(world.pricing.monthly)}
      </span>
    </button>
  );
}
