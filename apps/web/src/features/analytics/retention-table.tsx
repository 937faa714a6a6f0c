// The retention heat-table: one row per weekly sign-up cohort, one column per week since sign-up, each cell the
// share of the cohort active that week. The shade is a class step (no inline styles); the number is always written.
import type { RetentionCohort } from "@aacos/domain/analytics";
import { useTranslation } from "react-i18next";

const SHADES = [
  "bg-surface text-fg",
  "bg-primary/10 text-fg",
  "bg-primary/20 text-fg",
  "bg-primary/35 text-fg",
  "bg-accent/90 text-on-accent",
  "bg-accent text-on-accent",
] as const;

/** The shade step of a share in [0, 1]: none for 0, then five steps. */
export function shadeOf(share: number): (typeof SHADES)[number] {
  if (share <= 0) return SHADES[0];
  const step = Math.min(5, Math.ceil(share * 5));
  return SHADES[step] ?? SHADES[5];
}

export function RetentionTable({
  cohorts,
  formatDate,
  formatNumber,
  formatShare,
}: {
  cohorts: readonly RetentionCohort[];
  formatDate: (date: string) => string;
  formatNumber: (value: number) => string;
  formatShare: (share: number) => string;
}) {
  const { t } = useTranslation();
  const weeks = Math.max(0, ...cohorts.map((cohort) => cohort.weeks.length));
  const weekNumbers = Array.from({ length: weeks }, (_, week) => week);
  return (
    <div className="overflow-x-auto">
      <table
        className="w-full border-separate border-spacing-1 text-sm"
        data-testid="retention-table"
      >
        <caption className="sr-only">{t("analytics.retention.caption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1 text-start font-semibold text-fg-muted">
              {t("analytics.retention.cohort")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-semibold text-fg-muted">
              {t("analytics.retention.size")}
            </th>
            {weekNumbers.map((week) => (
              <th
                key={week}
                scope="col"
                className="px-2 py-1 text-center font-semibold text-fg-muted"
              >
                {t("analytics.retention.week", { week })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((cohort) => (
            <tr key={cohort.cohort} data-testid="retention-row">
              <th
                scope="row"
                className="whitespace-nowrap px-2 py-1 text-start font-medium text-fg"
              >
                {formatDate(cohort.cohort)}
              </th>
              <td className="px-2 py-1 text-end tabular-nums text-fg">
                {formatNumber(cohort.size)}
              </td>
              {weekNumbers.map((week) => {
                const cell = cohort.weeks[week];
                return cell === undefined ? (
                  <td key={week} />
                ) : (
                  <td
                    key={week}
                    className={`rounded-md px-2 py-1 text-center tabular-nums ${shadeOf(cell.share)}`}
                    title={t("analytics.retention.cell", {
                      active: formatNumber(cell.active),
                      size: formatNumber(cohort.size),
                    })}
                  >
                    {formatShare(cell.share)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
