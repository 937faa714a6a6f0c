// The progress panel: a visitor is invited to sign in; a signed-in user sees rank, level, XP, tokens, day streak, the
// XP bar (experience mod 1000) and the XP still missing for the next rank, from GET /api/progress/me.
import type { World } from "@aacos/domain/catalog";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProgressRecord } from "../../lib/progress-query";
import { useLocalized } from "../../lib/use-language";
import { useProgressSummary } from "../../lib/use-progress-summary";
import { ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { Icon } from "../../ui/icon";
import { ProgressSummary as SummaryBody } from "../../ui/progress-summary";

/** The fields of GET /api/progress/me the panel shows; rank, level and the bar derive from experience. */
export type ProgressSummary = Pick<ProgressRecord, "experience" | "tokens" | "consecutiveLogins">;

function ProgressFigures({ progress }: { progress: ProgressSummary }) {
  return <SummaryBody {...useProgressSummary(progress)} />;
}

export function ProgressPanel({
  progress,
  memberWorld,
  loading = false,
  showDetailsLink = true,
}: {
  progress: ProgressSummary | null;
  /** The signed-in user's world; null for a visitor. */
  memberWorld: World | null;
  /** The record is on its way (signed-in only). */
  loading?: boolean;
  /** A link to /progress under the title (off on /progress itself). */
  showDetailsLink?: boolean;
}) {
  const { t } = useTranslation();
  const localized = useLocalized();

  if (progress === null && memberWorld !== null) {
    // No invented numbers: while the record loads, or when it could not be read, the panel says so.
    return (
      <Card
        data-testid="progress-panel"
        data-world={memberWorld.tier}
        className="flex flex-col gap-4 md:flex-row md:items-center"
      >
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-surface-muted text-accent-text">
          <Icon name="orbit" className="size-7" />
        </span>
        <div className="flex-1">
          <h2 className="text-lg font-bold text-fg">
            {t("tiers.progress.memberTitle", { world: localized(memberWorld.displayName) })}
          </h2>
          <p className="mt-1 text-fg-muted" data-testid="progress-panel-status">
            {loading ? t("tiers.progress.loading") : t("tiers.progress.loadError")}
          </p>
        </div>
      </Card>
    );
  }

  if (progress === null) {
    return (
      <Card
        data-testid="progress-panel"
        className="flex flex-col gap-4 md:flex-row md:items-center"
      >
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-surface-muted text-accent-text">
          <Icon name="compass" className="size-7" />
        </span>
        <div className="flex-1">
          <h2 className="text-lg font-bold text-fg">{t("tiers.progress.visitorTitle")}</h2>
          <p className="mt-1 text-fg-muted">{t("tiers.progress.visitorBody")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/auth/login" variant="secondary">
            {t("tiers.progress.signIn")}
          </ButtonLink>
          <ButtonLink to="/auth/register">{t("tiers.progress.register")}</ButtonLink>
        </div>
      </Card>
    );
  }

  return (
    <Card data-testid="progress-panel" data-world={memberWorld?.tier}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-fg">{t("tiers.progress.title")}</h2>
        {showDetailsLink ? (
          <Link
            to="/progress"
            data-testid="progress-details-link"
            className="text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
          >
            {t("tiers.progress.details")}
          </Link>
        ) : null}
      </div>
      <ProgressFigures progress={progress} />
    </Card>
  );
}
