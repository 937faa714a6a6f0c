// /entity-orchestration (admins and operators: every user's entities) and /ai/entity-orchestration (anyone: their
// own; the server decides which). Filters, search and pages; per-row and bulk pause, resume, stop (confirmed) and
// model change (picker of the configured models). Status changes arrive live on the "runs" topic.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { translateError } from "../../lib/messages";
import { useRealtimeIndicator } from "../../lib/use-realtime-indicator";
import { Button } from "../../ui/button";
import { ConnectionIndicator } from "../../ui/connection-indicator";
import { ConfirmDialog } from "../../ui/dialog";
import { EmptyState } from "../../ui/empty-state";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { Pager, usePagerTexts } from "../../ui/paged-list";
import { ActionFeedback, type EntityFailure } from "./action-feedback";
import {
  type BulkResult,
  type EntityAction,
  type ListFilters,
  type OrchestratedEntity,
  orchestrationApi,
  orchestrationKeys,
  PAGE_SIZE,
} from "./api";
import { BulkBar } from "./bulk-bar";
import { EntityTable } from "./entity-table";
import { FilterBar, INPUT_CLASS, useOrchestrationFilters } from "./filter-bar";
import { useLiveRefetch } from "./live-refetch";

type Dialog =
  | { kind: "stop"; targets: OrchestratedEntity[] }
  | { kind: "reassign"; targets: OrchestratedEntity[] }
  | null;

/** Each dialog's text keys under orchestration.*. */
const DIALOG_TEXTS = { stop: "confirmStop", reassign: "reassign" } as const;

/** The model picker's value for "the server's default" (stored as null). */
const DEFAULT_CHOICE = "";

export function OrchestrationScreen() {
  const { t } = useTranslation();
  const live = useRealtimeIndicator();
  const queryClient = useQueryClient();
  const filterState = useOrchestrationFilters();
  const { search, status, model, owner, filtered } = filterState;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [choice, setChoice] = useState(DEFAULT_CHOICE);
  const [notice, setNotice] = useState<string | null>(null);
  const [failures, setFailures] = useState<EntityFailure[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);

  const filters: ListFilters = useMemo(
    () => ({
      page,
      search: search || undefined,
      status: status || undefined,
      model: model || undefined,
      ownerId: owner?.id,
    }),
    [page, search, status, model, owner],
  );

  // A new filter starts at page 1 with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on filter changes only
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [search, status, model, owner]);

  const list = useQuery({
    queryKey: orchestrationKeys.list(filters),
    queryFn: ({ signal }) => orchestrationApi.list(filters, signal),
    placeholderData: keepPreviousData,
    // Runs of other users are not on this socket: a slow poll keeps their figures fresh.
    refetchInterval: 30_000,
  });
  const models = useQuery({
    queryKey: orchestrationKeys.models,
    queryFn: ({ signal }) => orchestrationApi.models(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useLiveRefetch();
  const pagerTexts = usePagerTexts("orchestration.pager", list.data?.total ?? 0);

  const entities = list.data?.items ?? [];
  const managesAll = list.data?.managesAll ?? false;
  const defaultModel = models.data?.defaultModel ?? null;
  const selectedEntities = entities.filter((entity) => selected.has(entity.id));

  const messageOf = (error: unknown) =>
    isApiError(error) ? translateError(t, error) : t("orchestration.loadFailed");

  const setBusyFor = (ids: readonly string[], on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const clearFeedback = () => {
    setNotice(null);
    setFailures([]);
    setActionError(null);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: orchestrationKeys.all });

  async function runOne(entity: OrchestratedEntity, action: EntityAction | "reassign") {
    clearFeedback();
    setBusyFor([entity.id], true);
    try {
      if (action === "reassign") await orchestrationApi.reassign(entity.id, choice || null);
      else await orchestrationApi.act(entity.id, action);
      setNotice(t(`orchestration.done.${action}`, { name: entity.name }));
      setDialog(null);
    } catch (error) {
      setActionError(messageOf(error));
    } finally {
      setBusyFor([entity.id], false);
      await refresh();
    }
  }

  async function runBulk(targets: OrchestratedEntity[], action: EntityAction | "reassign") {
    clearFeedback();
    const ids = targets.map((entity) => entity.id);
    setBusyFor(ids, true);
    try {
      const { results } = await orchestrationApi.bulk(
        action === "reassign"
          ? { action, entityIds: ids, model: choice || null }
          : { action, entityIds: ids },
      );
      const failed = results.filter(
        (result): result is Extract<BulkResult, { ok: false }> => !result.ok,
      );
      const done = results.length - failed.length;
      if (done > 0) setNotice(t("orchestration.bulk.done", { count: done }));
      setFailures(
        failed.map((result) => ({
          name: targets.find((entity) => entity.id === result.entityId)?.name ?? result.entityId,
          message: translateError(t, { ...result.error, params: result.error.params ?? {} }),
        })),
      );
      setSelected(new Set());
      setDialog(null);
    } catch (error) {
      setActionError(messageOf(error));
    } finally {
      setBusyFor(ids, false);
      await refresh();
    }
  }

  const act = (targets: OrchestratedEntity[], action: EntityAction | "reassign") => {
    const [only] = targets;
    if (targets.length === 1 && only !== undefined) return runOne(only, action);
    return runBulk(targets, action);
  };

  const ask = (targets: OrchestratedEntity[], action: EntityAction) => {
    if (action === "stop") setDialog({ kind: "stop", targets });
    else void act(targets, action);
  };

  const openReassign = (targets: OrchestratedEntity[]) => {
    const [only] = targets;
    setChoice(targets.length === 1 && only?.model ? only.model : DEFAULT_CHOICE);
    setDialog({ kind: "reassign", targets });
  };

  const dialogPending = dialog?.targets.some((entity) => busy.has(entity.id)) ?? false;
  const dialogName = dialog?.targets[0]?.name ?? "";
  const dialogCount = dialog?.targets.length ?? 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8" data-testid="orchestration-screen">
      <PageHeading
        title={t("orchestration.title")}
        lead={managesAll ? t("orchestration.leadAll") : t("orchestration.leadOwn")}
      />
      <div className="mb-4">
        <ConnectionIndicator
          state={live.state}
          label={live.label}
          detail={live.detail}
          action={
            live.state === "closed" ? (
              <Button variant="ghost" onClick={live.retry}>
                {t("orchestration.retry")}
              </Button>
            ) : undefined
          }
        />
      </div>

      <FilterBar filters={filterState} models={models.data?.models ?? []} />

      {selected.size > 0 ? (
        <BulkBar
          count={selected.size}
          onAction={(action) => ask(selectedEntities, action)}
          onReassign={() => openReassign(selectedEntities)}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      <ActionFeedback notice={notice} error={actionError} failures={failures} />

      {list.isPending ? (
        <Loader message={t("orchestration.loading")} />
      ) : list.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3"
          data-testid="orchestration-load-error"
        >
          <p className="text-error">{messageOf(list.error)}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t("orchestration.retry")}
          </Button>
        </div>
      ) : entities.length === 0 ? (
        filtered ? (
          <EmptyState
            icon="sliders"
            title={t("orchestration.noMatchTitle")}
            body={t("orchestration.noMatchBody")}
            action={
              <Button variant="secondary" onClick={filterState.clear}>
                {t("orchestration.clearFilters")}
              </Button>
            }
            testId="orchestration-empty"
          />
        ) : (
          <EmptyState
            icon="bot"
            title={t("orchestration.emptyTitle")}
            body={t("orchestration.emptyBody")}
            testId="orchestration-empty"
          />
        )
      ) : (
        <>
          <EntityTable
            entities={entities}
            managesAll={managesAll}
            defaultModel={defaultModel}
            selected={selected}
            busy={busy}
            onToggle={(id) =>
              setSelected((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            onToggleAll={(select) =>
              setSelected(select ? new Set(entities.map((entity) => entity.id)) : new Set())
            }
            onAction={(entity, action) => ask([entity], action)}
            onReassign={(entity) => openReassign([entity])}
            onFilterOwner={filterState.setOwner}
          />
          <div className="mt-4">
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={list.data?.total ?? 0}
              onPage={setPage}
              testId="orchestration-pager"
              texts={pagerTexts}
              keepOnOnePage
            />
          </div>
        </>
      )}

      {dialog ? (
        <ConfirmDialog
          titleDir="auto"
          wide
          title={
            dialogCount === 1
              ? t(`orchestration.${DIALOG_TEXTS[dialog.kind]}.titleOne`, { name: dialogName })
              : t(`orchestration.${DIALOG_TEXTS[dialog.kind]}.titleMany`, { count: dialogCount })
          }
          confirmLabel={t(`orchestration.${DIALOG_TEXTS[dialog.kind]}.confirm`)}
          cancelLabel={t(`orchestration.${DIALOG_TEXTS[dialog.kind]}.cancel`)}
          danger={dialog.kind === "stop"}
          pending={dialogPending}
          onConfirm={() => void act(dialog.targets, dialog.kind)}
          onClose={() => setDialog(null)}
          testId={`orchestration-${dialog.kind}-dialog`}
        >
          <p className="text-sm text-fg">{t(`orchestration.${DIALOG_TEXTS[dialog.kind]}.body`)}</p>
          {dialog.kind === "reassign" ? (
            <>
              {(models.data?.models.length ?? 0) === 0 ? (
                <p className="text-sm text-fg-muted">{t("orchestration.reassign.noModels")}</p>
              ) : null}
              <label className="flex flex-col gap-1 text-sm font-semibold text-fg">
                {t("orchestration.reassign.model")}
                <select
                  className={INPUT_CLASS}
                  value={choice}
                  onChange={(event) => setChoice(event.target.value)}
                  data-testid="orchestration-model-picker"
                >
                  <option value={DEFAULT_CHOICE}>
                    {defaultModel === null
                      ? t("orchestration.defaultModelUnnamed")
                      : t("orchestration.defaultModel", { model: defaultModel })}
                  </option>
                  {(models.data?.models ?? [])
                    .filter((option) => !option.isDefault)
                    .map((option) => (
                      <option key={option.name} value={option.name}>
                        {option.complexity === null
                          ? option.name
                          : t("orchestration.reassign.complexity", {
                              name: option.name,
                              complexity: option.complexity,
                            })}
                      </option>
                    ))}
                </select>
              </label>
            </>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
