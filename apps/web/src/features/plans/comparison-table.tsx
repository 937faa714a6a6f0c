// The full comparison of the five worlds (docs/product.md §2): a real table with row and column headers.
import type { SourcedLimit, World } from "@aacos/domain/catalog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useShownLimits } from "../../lib/limit-sources";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { WorldIcon } from "../../ui/world-icon";

const ROWS = [
  "dashboard",
  "analytics",
  "aiAssistant",
  "aiTokensPerDay",
  "teamSize",
  "quantumProcessing",
  "realityForge",
  "supportLevel",
] as const;
type Row = (typeof ROWS)[number];

export function ComparisonTable({ worlds, id }: { worlds: readonly World[]; id: string }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = useFormatters();
  // The numbers this user would get in each world (plan and world together), with where each comes from.
  const shown = useShownLimits();
  const inForce = (limit: SourcedLimit, world: World): ReactNode => (
    <span data-source={limit.source}>
      <span className="block">{format.limit(limit.value)}</span>
      <span className="block text-xs text-fg-muted">{shown.sourceText(limit, world.tier)}</span>
    </span>
  );

  const yesNo = (on: boolean): ReactNode => (
    <span className={on ? "text-success" : "text-fg-muted"}>
      <span aria-hidden="true">{on ? "✓ " : "— "}</span>
      {on ? t("common.yes") : t("common.no")}
    </span>
  );

  const cell = (row: Row, world: World): ReactNode => {
    const features = world.features;
    switch (row) {
      case "dashboard":
        return t(`tiers.dashboard.${features.dashboard}`);
      case "analytics":
        return t(`tiers.analytics.${features.analytics}`);
      case "aiAssistant":
        return t(`tiers.assistant.${features.aiAssistant}`);
      case "aiTokensPerDay":
        return inForce(shown.inWorld(world.tier).maxAITokensPerDay, world);
      case "teamSize":
        return inForce(shown.inWorld(world.tier).maxTeamMembers, world);
      case "quantumProcessing":
        return yesNo(features.quantumProcessing);
      case "realityForge":
        return yesNo(features.realityForge);
      case "supportLevel":
        return t(`tiers.support.${features.supportLevel}`);
    }
  };

  return (
    <section
      id={id}
      // A scrollable region must be reachable by keyboard to scroll it sideways on narrow screens.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label={t("tiers.comparison.regionLabel")}
      className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-card"
    >
      <table data-testid="comparison-table" className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{t("tiers.comparison.caption")}</caption>
        <thead>
          <tr className="border-b border-border bg-surface-muted">
            <th scope="col" className="p-3 text-start font-bold text-fg-muted">
              {t("tiers.comparison.feature")}
            </th>
            {worlds.map((world) => (
              <th key={world.tier} scope="col" className="p-3 text-start font-bold text-fg">
                <WorldIcon
                  tier={world.tier}
                  color={world.color}
                  className="me-1.5 inline size-5 align-text-bottom"
                />
                {localized(world.displayName)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row} className="border-b border-border last:border-b-0">
              <th scope="row" className="p-3 text-start font-semibold text-fg">
                {t(`tiers.comparison.rows.${row}`)}
              </th>
              {worlds.map((world) => (
                <td
                  key={world.tier}
                  className="p-3 text-fg"
                  data-testid={`comparison-${row}-${world.tier}`}
                >
                  {cell(row, world)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
