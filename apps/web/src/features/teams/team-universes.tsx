// The universes shared with a team: share one of mine, stop sharing.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { useUniverses } from "../../lib/workspace-queries";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { type TeamDetail, teamsApi } from "./api";
import type { Run } from "./team-detail";
import { TeamList, TeamListRow, TeamRowAction } from "./team-list";

export function UniversesSection({ team, run }: { team: TeamDetail; run: Run }) {
  const { t } = useTranslation();
  const universes = useUniverses();
  const [choice, setChoice] = useState("");
  const sharedIds = new Set(team.universes.map((universe) => universe.id));
  const mine = (universes.data ?? []).filter(
    (universe) => universe.shared !== true && !sharedIds.has(universe.id),
  );
  const me = useAuthStore((state) => state.user);
  const chosen = mine.find((universe) => universe.id === choice) ?? mine[0];
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="text-lg font-bold text-fg">{t("teams.universes.title")}</h3>
      <TeamList items={team.universes} empty={t("teams.universes.empty")} testId="team-universes">
        {(universe) => (
          <TeamListRow
            key={universe.id}
            name={universe.name}
            nameDir="auto"
            detail={
              <>
                <bdi>{t("teams.universes.by", { name: universe.ownerUsername })}</bdi> ·{" "}
                {t("teams.universes.entities", { count: universe.entityCount })}
              </>
            }
            testId={`team-universe-${universe.id}`}
          >
            <span className="flex items-center gap-2">
              <Link to="/chat" className="text-sm font-semibold text-accent-text underline">
                {t("teams.universes.open")}
              </Link>
              {universe.ownerId === me?.id || team.role === "owner" ? (
                <TeamRowAction
                  label={t("teams.universes.unshare")}
                  testId={`universe-unshare-${universe.id}`}
                  run={run}
                  action={() => teamsApi.unshare(universe.id, team.id)}
                  done={t("teams.universes.unshared", { name: universe.name })}
                />
              ) : null}
            </span>
          </TeamListRow>
        )}
      </TeamList>
      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <h4 className="font-bold text-fg">{t("teams.universes.share")}</h4>
        {universes.isPending ? null : mine.length === 0 ? (
          <p className="text-sm text-fg-muted" data-testid="team-share-none">
            {t("teams.universes.noneToShare")}
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold text-fg">
              {t("teams.universes.choose")}
              <select
                className="rounded-xl border border-border bg-surface px-3 py-2.5 text-fg"
                value={chosen?.id ?? ""}
                onChange={(event) => setChoice(event.target.value)}
                data-testid="team-share-select"
              >
                {mine.map((universe) => (
                  <option key={universe.id} value={universe.id}>
                    {universe.name}
                  </option>
                ))}
              </select>
            </label>
            <Button
              data-testid="team-share-submit"
              disabled={chosen === undefined}
              onClick={() => {
                if (chosen === undefined) return;
                void run(
                  () => teamsApi.share(chosen.id, team.id),
                  t("teams.universes.shared", { name: chosen.name }),
                ).then(() => setChoice(""));
              }}
            >
              {t("teams.universes.submit")}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
