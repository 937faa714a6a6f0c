// /ai/command-center and /command-center: the AI-token allowance, the multi-entity command runner, universes and
// entities with their knowledge files, and the run history. A new user is led from the first universe onwards.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  groupByUniverse,
  useEntities,
  useUniverses,
  workspaceKeys,
} from "../../lib/workspace-queries";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { PageHeading } from "../../ui/page-heading";
import { TitledSection } from "../../ui/titled-section";
import { workspaceWait } from "../../ui/workspace-wait";
import { AllowanceBar } from "./allowance-bar";
import { commandKeys } from "./api";
import { CommandRunner } from "./command-runner";
import { RunHistory } from "./run-history";
import { UniverseCard } from "./universe-card";
import { UniverseCreateForm } from "./universe-create-form";

export function CommandCenterScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const universes = useUniverses();
  const entities = useEntities();
  const groups = useMemo(
    () => groupByUniverse(universes.data ?? [], entities.data ?? []),
    [universes.data, entities.data],
  );
  const afterRun = () => {
    void client.invalidateQueries({ queryKey: workspaceKeys.allowance });
    void client.invalidateQueries({ queryKey: commandKeys.allHistory });
  };

  const waiting = workspaceWait(t, universes, entities);
  let body: ReactNode;
  if (waiting !== null || universes.data === undefined || entities.data === undefined) {
    body = waiting;
  } else if (universes.data.length === 0) {
    body = (
      <EmptyState
        icon="orbit"
        testId="command-empty-universe"
        title={t("chat.empty.universeTitle")}
        body={t("commandCenter.universe.emptyBody")}
        action={
          <div className="w-full max-w-xl text-start">
            <UniverseCreateForm first />
          </div>
        }
      />
    );
  } else {
    const hasEntities = entities.data.length > 0;
    body = (
      <div className="flex flex-col gap-8">
        {hasEntities ? (
          <Card>
            <CommandRunner groups={groups} onFinished={afterRun} />
          </Card>
        ) : (
          <EmptyState
            icon="bot"
            testId="command-empty-entity"
            title={t("chat.empty.entityTitle")}
            body={t("commandCenter.entity.emptyHint")}
          />
        )}
        <TitledSection title={t("commandCenter.universe.title")} className="flex flex-col gap-4">
          <div className="grid gap-4 lg:grid-cols-2">
            {groups.map(({ universe, entities: members }) => (
              <UniverseCard key={universe.id} universe={universe} entities={members} />
            ))}
          </div>
          <Card>
            <h3 className="mb-3 font-bold text-fg">{t("commandCenter.universe.new")}</h3>
            <UniverseCreateForm first={false} />
          </Card>
        </TitledSection>
        <Card>
          <RunHistory entities={entities.data} />
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="command-center-screen">
      <PageHeading title={t("commandCenter.title")} lead={t("commandCenter.lead")}>
        <div className="mt-4 max-w-xl">
          <AllowanceBar />
        </div>
      </PageHeading>
      {body}
    </div>
  );
}
