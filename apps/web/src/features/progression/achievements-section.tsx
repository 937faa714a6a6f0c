// Milestones (100, 500 and 1000 XP: reached or not) and the badges the user holds, with when each was awarded.
import { MILESTONES } from "@aacos/domain/catalog";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import type { ProgressRecord } from "../../lib/progress-query";
import { badgeText } from "../../lib/server-words";
import { useFormatters } from "../../lib/use-language";
import { Icon } from "../../ui/icon";

export function AchievementsSection({ progress }: { progress: ProgressRecord }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const date = useDateFormat();
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="milestones-title">
        <h3 id="milestones-title" className="text-base font-bold text-fg">
          {t("progress.milestones.title")}
        </h3>
        <ul className="mt-2 flex flex-col gap-2">
          {MILESTONES.map((threshold) => {
            const reached = progress.achievedMilestones.includes(threshold);
            return (
              <li
                key={threshold}
                data-testid={`milestone-${threshold}`}
                data-reached={reached}
                className="flex items-center gap-2 text-sm"
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 items-center justify-center rounded-full ${reached ? "bg-success text-on-accent" : "border border-border text-fg-muted"}`}
                >
                  <Icon name={reached ? "check" : "lock"} className="size-3.5" />
                </span>
                <span className="font-semibold text-fg">
                  {t("progress.milestones.threshold", { xp: format.number(threshold) })}
                </span>
                <span className={reached ? "text-success" : "text-fg-muted"}>
                  {reached ? t("progress.milestones.reached") : t("progress.milestones.notReached")}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="badges-title">
        <h3 id="badges-title" className="text-base font-bold text-fg">
          {t("progress.badges.title")}
        </h3>
        {progress.badges.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted" data-testid="badges-empty">
            {t("progress.badges.empty")}
          </p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {progress.badges.map((badge) => (
              <li
                key={`${badge.badge}-${badge.awardedAt}`}
                data-testid="badge"
                className="flex flex-wrap items-center gap-2 text-sm"
              >
                <Icon name="trophy" className="size-4 text-accent-text" />
                <span className="font-semibold text-fg" dir="auto">
                  {badgeText(t, badge.badge, format.number)}
                </span>
                <span className="text-fg-muted">
                  {t("progress.badges.awarded", { date: date(badge.awardedAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
