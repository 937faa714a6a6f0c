// The dashboard's universes: the user's active universes with their entity counts, from the workspace API.
import { useTranslation } from "react-i18next";
import { useFormatters } from "../../lib/use-language";
import { useUniverses } from "../../lib/workspace-queries";
import { ButtonLink } from "../../ui/button";
import { AllLink, QueryPanel } from "./dashboard-panel";

const SHOWN = 5;

export function UniversesPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const universes = useUniverses();
  const format = useFormatters();
  const active = (universes.data ?? []).filter((universe) => universe.archivedAt === null);
  return (
    <QueryPanel
      section="universes"
      query={universes}
      isEmpty={active.length === 0}
      className={className}
      action={<AllLink section="universes" to="/command-center" />}
      empty={
        <div className="flex flex-col items-start gap-2">
          <p className="text-fg-muted">{t("home.universes.empty")}</p>
          <ButtonLink to="/command-center" variant="secondary">
            {t("home.actions.newUniverse")}
          </ButtonLink>
        </div>
      }
    >
      <ul className="flex flex-col divide-y divide-border" data-testid="dashboard-universe-list">
        {active.slice(0, SHOWN).map((universe) => (
          <li key={universe.id} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0 truncate font-semibold text-fg" dir="auto">
              {universe.name}
            </span>
            <span className="shrink-0 text-sm text-fg-muted">
              {t("home.universes.entities", { count: format.number(universe.entityCount) })}
            </span>
          </li>
        ))}
      </ul>
      {active.length > SHOWN ? (
        <p className="text-sm text-fg-muted">
          {t("home.universes.more", { count: format.number(active.length - SHOWN) })}
        </p>
      ) : null}
    </QueryPanel>
  );
}
