// The progress panel's texts in the interface language (tier chooser and /progress show the same panel body).
import { XP_PER_LEVEL } from "@aacos/domain/progression";
import { useTranslation } from "react-i18next";
import { type ProgressRecord, progressFigures } from "./progress-query";
import { useFormatters } from "./use-language";

export function useProgressSummary(
  record: Pick<ProgressRecord, "experience" | "tokens" | "consecutiveLogins">,
) {
  const { t } = useTranslation();
  const format = useFormatters();
  const figures = progressFigures(record);
  return {
    figures: [
      { key: "rank", label: t("tiers.progress.rank"), value: t(`tiers.ranks.${figures.rank}`) },
      { key: "level", label: t("tiers.progress.level"), value: format.number(figures.level) },
      {
        key: "experience",
        label: t("tiers.progress.experience"),
        value: format.number(figures.experience),
      },
      { key: "tokens", label: t("tiers.progress.tokens"), value: format.number(figures.tokens) },
      { key: "streak", label: t("tiers.progress.streak"), value: format.number(figures.streak) },
    ],
    barLabel: t("tiers.progress.experienceBar"),
    barValueText: t("tiers.progress.experienceBarValue", {
      current: format.number(figures.intoLevel),
      total: format.number(XP_PER_LEVEL),
    }),
    barPercent: figures.barPercent,
    footnote:
      figures.next === null
        ? t("tiers.progress.topRank")
        : t("tiers.progress.toNextRank", {
            xp: format.number(figures.next.missing),
            rank: t(`tiers.ranks.${figures.next.rank}`),
          }),
  };
}
