// One universe: rename, archive or restore, delete (confirmed), sync with its run result, and its entities (add, edit,
// delete, knowledge files).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, storedErrorText } from "../../lib/messages";
import { type Entity, type Universe, workspaceKeys } from "../../lib/workspace-queries";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { CompactButton } from "../../ui/compact-button";
import { FormAlert } from "../../ui/form-alert";
import { InlineConfirm } from "../../ui/inline-confirm";
import { RenameForm, useRenaming } from "../../ui/rename-form";
import { type SyncRun, workspaceApi } from "./api";
import { EntityForm } from "./entity-form";
import { KnowledgePanel } from "./knowledge-panel";

/** The panels an entity's row opens below it, each with the button that opens and closes it. */
const ENTITY_PANELS = [
  { panel: "edit", label: "commandCenter.entity.edit" },
  { panel: "knowledge", label: "commandCenter.knowledge.open" },
] as const;

function EntityRow({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [mode, setMode] = useState<"view" | "edit" | "knowledge" | "confirm">("view");
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => workspaceApi.deleteEntity(entity.id),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.entities }),
    onError: (error) => setFailure(errorText(t, error)),
  });
  return (
    <li
      className="flex flex-col gap-2 border-t border-border pt-3"
      data-testid="entity-row"
      data-entity-id={entity.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-fg" data-testid="entity-title">
            <bdi>{entity.name}</bdi>
          </p>
          <p className="text-sm text-fg-muted">
            <bdi>{entity.role}</bdi>
          </p>
          <p className="text-xs text-fg-muted">
            {t("commandCenter.entity.summary", {
              model: entity.model ?? t("commandCenter.entity.defaultModel"),
              temperature: entity.temperature,
              status: t(`commandCenter.entityStatus.${entity.status}`),
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {ENTITY_PANELS.map(({ panel, label }) => (
            <CompactButton
              key={panel}
              aria-expanded={mode === panel}
              onClick={() => setMode(mode === panel ? "view" : panel)}
              data-testid={`entity-${panel}`}
            >
              {t(label)}
            </CompactButton>
          ))}
          <CompactButton onClick={() => setMode("confirm")} data-testid="entity-delete">
            {t("commandCenter.delete")}
          </CompactButton>
        </div>
      </div>
      {mode === "edit" ? (
        <EntityForm universeId={entity.universeId} entity={entity} onDone={() => setMode("view")} />
      ) : null}
      {mode === "knowledge" ? <KnowledgePanel entityId={entity.id} /> : null}
      {mode === "confirm" ? (
        <InlineConfirm
          question={t("commandCenter.entity.confirmDelete", { name: entity.name })}
          confirmLabel={t("commandCenter.deleteForGood")}
          onConfirm={() => remove.mutate()}
          onCancel={() => setMode("view")}
          pending={remove.isPending}
          testId="entity-delete-confirm"
        />
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </li>
  );
}

function SyncResult({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  return (
    <div
      className={`flex flex-col gap-1 rounded-xl border px-3 py-2 text-sm ${run.status === "succeeded" ? "border-success" : "border-error"}`}
      data-testid="sync-result"
      data-status={run.status}
    >
      <p className="font-semibold text-fg">
        {t(
          run.status === "succeeded" ? "commandCenter.sync.succeeded" : "commandCenter.sync.failed",
          {
            seconds: (run.durationMs / 1000).toFixed(1),
          },
        )}
      </p>
      {run.output ? (
        <pre dir="auto" className="whitespace-pre-wrap text-xs text-fg-muted">
          {run.output}
        </pre>
      ) : null}
      {run.error || run.errorCode ? (
        <p className="text-error">{storedErrorText(t, run.errorCode, "unknownRun")}</p>
      ) : null}
    </div>
  );
}

export function UniverseCard({ universe, entities }: { universe: Universe; entities: Entity[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const renaming = useRenaming(universe.name);
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [syncRun, setSyncRun] = useState<SyncRun | null>(null);
  const owner = universe.shared !== true;
  const [failure, setFailure] = useState<string | null>(null);
  const archived = universe.archivedAt !== null;
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workspaceKeys.universes }),
      client.invalidateQueries({ queryKey: workspaceKeys.entities }),
    ]);
  const fail = (error: unknown) => setFailure(errorText(t, error));
  const succeed = async () => {
    setFailure(null);
    await refresh();
  };
  /** Rename and archive change only the universe itself. */
  const succeedUniverse = async () => {
    setFailure(null);
    await client.invalidateQueries({ queryKey: workspaceKeys.universes });
  };

  const rename = useMutation({
    mutationFn: () => workspaceApi.updateUniverse(universe.id, { name: renaming.value.trim() }),
    onSuccess: async () => {
      renaming.stop();
      await succeedUniverse();
    },
    onError: fail,
  });
  const archive = useMutation({
    mutationFn: () => workspaceApi.updateUniverse(universe.id, { archived: !archived }),
    onSuccess: succeedUniverse,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => workspaceApi.deleteUniverse(universe.id),
    onSuccess: succeed,
    onError: fail,
  });
  const sync = useMutation({
    mutationFn: () => workspaceApi.sync(universe.id),
    onSuccess: (run) => {
      setSyncRun(run);
      setFailure(null);
    },
    onError: fail,
  });

  return (
    <Card
      className="flex min-w-0 flex-col gap-3"
      data-testid="universe-card"
      data-universe-id={universe.id}
    >
      {renaming.open ? (
        <RenameForm
          label={t("commandCenter.universe.name")}
          value={renaming.value}
          onChange={renaming.setValue}
          maxLength={100}
          onSave={() => rename.mutate()}
          onCancel={renaming.stop}
          saveDisabled={rename.isPending}
          testId="universe-rename"
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-lg font-bold text-fg" data-testid="universe-title">
              <bdi>{universe.name}</bdi>
            </h3>
            {universe.description ? (
              <p className="text-sm text-fg-muted">
                <bdi>{universe.description}</bdi>
              </p>
            ) : null}
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
              {t("commandCenter.universe.entityCount", { count: entities.length })}
              {archived ? (
                <Badge tone="neutral">{t("commandCenter.universe.archived")}</Badge>
              ) : null}
              {universe.shared ? (
                <span data-testid="universe-shared">
                  <Badge tone="primary">{t("teams.shared")}</Badge>
                </span>
              ) : null}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            {/* A shared universe: its owner syncs, archives and deletes it; members with write access rename it. */}
            {owner ? (
              <CompactButton
                variant="secondary"
                onClick={() => sync.mutate()}
                disabled={sync.isPending || archived}
                data-testid="universe-sync"
              >
                {sync.isPending ? t("commandCenter.sync.running") : t("commandCenter.sync.button")}
              </CompactButton>
            ) : null}
            {owner || universe.canWrite ? (
              <CompactButton onClick={renaming.start} data-testid="universe-rename">
                {t("commandCenter.universe.rename")}
              </CompactButton>
            ) : null}
            {owner ? (
              <>
                <CompactButton
                  onClick={() => archive.mutate()}
                  disabled={archive.isPending}
                  data-testid="universe-archive"
                >
                  {archived
                    ? t("commandCenter.universe.restore")
                    : t("commandCenter.universe.archive")}
                </CompactButton>
                <CompactButton onClick={() => setConfirming(true)} data-testid="universe-delete">
                  {t("commandCenter.delete")}
                </CompactButton>
              </>
            ) : null}
          </div>
        </div>
      )}
      {confirming ? (
        <InlineConfirm
          question={t("commandCenter.universe.confirmDelete", { name: universe.name })}
          confirmLabel={t("commandCenter.deleteForGood")}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
          pending={remove.isPending}
          testId="universe-delete-confirm"
        />
      ) : null}
      {syncRun ? <SyncResult run={syncRun} /> : null}
      {failure ? <FormAlert testId="universe-error">{failure}</FormAlert> : null}
      {entities.length === 0 && !archived ? (
        <p
          className="rounded-xl bg-surface-muted px-3 py-2 text-sm text-fg"
          data-testid="entity-empty"
        >
          <strong>{t("commandCenter.entity.emptyTitle")}</strong>{" "}
          {t("commandCenter.entity.emptyBody")}
        </p>
      ) : null}
      {entities.length > 0 ? (
        <ul
          className="flex flex-col gap-3"
          aria-label={t("commandCenter.entity.listLabel", { name: universe.name })}
        >
          {entities.map((entity) => (
            <EntityRow key={entity.id} entity={entity} />
          ))}
        </ul>
      ) : null}
      {!archived ? (
        adding ? (
          <EntityForm universeId={universe.id} onDone={() => setAdding(false)} />
        ) : (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => setAdding(true)}
            data-testid="entity-add"
          >
            {t("commandCenter.entity.add")}
          </Button>
        )
      ) : null}
    </Card>
  );
}
