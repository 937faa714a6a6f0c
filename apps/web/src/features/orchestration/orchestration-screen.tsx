// /entity-orchestration (admins and operators: every user's entities) and /ai/entity-orchestration (anyone: their
// own; the server decides which). Filters, search and pages; per-row and bulk pause, resume, stop (confirmed) and
// model change (picker of the configured models). Status changes arrive live on the "runs" topic.
import { ORCHESTRATION_STATUSES, type OrchestrationStatus } from "@aacos/domain/orchestration";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { translateError } from "../../lib/messages";
import { realtime } from "../../lib/realtime";
import { useRealtimeIndicator } from "../../lib/use-realtime-indicator";
import { Button } from "../../ui/button";
import { ConnectionIndicator } from "../../ui/connection-indicator";
import { ConfirmDialog } from "../../ui/dialog";
import { EmptyState } from "../../ui/empty-state";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import {
  type BulkResult,
  type EntityAction,
  type ListFilters,
  type OrchestratedEntity,
  orchestrationApi,
  orchestrationKeys,
  PAGE_SIZE,
} from "./api";
import { EntityTable } from "./entity-table";

type Dialog =
  | { kind: "stop"; targets: OrchestratedEntity[] }
  | { kind: "reassign"; targets: OrchestratedEntity[] }
  | null;

/** The model picker's value for "the server's default" (stored as null). */
const DEFAULT_CHOICE = "";
/** Live updates come in bursts (one per recipient, per entity of a bulk action): refetch once per burst. */
const LIVE_REFETCH_MS = 300;

export function OrchestrationScreen() {
  const { t } = useTranslation();
  const live = useRealtimeIndicator();
  const queryClient = useQueryClient();
  const [searchDraft, setSearchDraft] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<OrchestrationStatus | "">("");
  const [model, setModel] = useState("");
  const [owner, setOwner] = useState<OrchestratedEntity["owner"] | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [choice, setChoice] = useState(DEFAULT_CHOICE);
  const [notice, setNotice] = useState<string | null>(null);
  const [failures, setFailures] = useState<{ name: string; message: string }[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchDraft.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchDraft]);

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
  const filtered = search !== "" || status !== "" || model !== "" || owner !== null;

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

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = realtime().subscribe("runs", () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: orchestrationKeys.all });
      }, LIVE_REFETCH_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [queryClient]);

  const entities = list.data?.items ?? [];
  const managesAll = list.data?.managesAll ?? false;
  const defaultModel = models.data?.defaultModel ?? null;
  const selectedEntities = entities.filter((entity) => selected.has(entity.id));
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

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

  const clearFilters = () => {
    setSearchDraft("");
    setSearch("");
    setStatus("");
    setModel("");
    setOwner(null);
  };

  const dialogPending = dialog?.targets.some((entity) => busy.has(entity.id)) ?? false;
  const dialogName = dialog?.targets[0]?.name ?? "";
  const dialogCount = dialog?.targets.length ?? 0;
  const inputClass =
    "rounded-xl border border-border bg-surface px-3 py-2 text-sm text-fg focus:border-primary";

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

      <search
        aria-label={t("orchestration.filters.label")}
        className="mb-4 flex flex-wrap items-end gap-3"
      >
        <label className="flex min-w-[14rem] flex-1 flex-col gap-1 text-sm font-semibold text-fg">
          {t("orchestration.filters.search")}
          <input
            type="search"
            className={inputClass}
            value={searchDraft}
            placeholder={t("orchestration.filters.searchPlaceholder")}
            onChange={(event) => setSearchDraft(event.target.value)}
            data-testid="orchestration-search"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-fg">
          {t("orchestration.filters.status")}
          <select
            className={inputClass}
            value={status}
            onChange={(event) => setStatus(event.target.value as OrchestrationStatus | "")}
            data-testid="orchestration-status-filter"
          >
            <option value="">{t("orchestration.filters.any")}</option>
            {ORCHESTRATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`orchestration.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-fg">
          {t("orchestration.filters.model")}
          <select
            className={inputClass}
            value={model}
            onChange={(event) => setModel(event.target.value)}
            data-testid="orchestration-model-filter"
          >
            <option value="">{t("orchestration.filters.any")}</option>
            {(models.data?.models ?? []).map((option) => (
              <option key={option.name} value={option.name}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
        {owner !== null ? (
          <span className="inline-flex items-center gap-2 rounded-full border border-border bg-surface-muted px-3 py-1.5 text-sm">
            <span dir="auto">{t("orchestration.filters.owner", { owner: owner.username })}</span>
            <button
              type="button"
              className="font-bold text-accent-text"
              aria-label={t("orchestration.filters.clearOwner")}
              onClick={() => setOwner(null)}
              data-testid="orchestration-owner-clear"
            >
              ×
            </button>
          </span>
        ) : null}
      </search>

      {selected.size > 0 ? (
        <section
          aria-label={t("orchestration.bulk.label")}
          className="mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-primary bg-surface-muted px-4 py-3"
          data-testid="orchestration-bulk-bar"
        >
          <span className="me-2 font-semibold text-fg" aria-live="polite">
            {t("orchestration.bulk.selected", { count: selected.size })}
          </span>
          <Button
            variant="secondary"
            onClick={() => ask(selectedEntities, "pause")}
            data-testid="orchestration-bulk-pause"
          >
            {t("orchestration.actions.pause")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => ask(selectedEntities, "resume")}
            data-testid="orchestration-bulk-resume"
          >
            {t("orchestration.actions.resume")}
          </Button>
          <Button
            variant="secondary"
            className="text-error"
            onClick={() => ask(selectedEntities, "stop")}
            data-testid="orchestration-bulk-stop"
          >
            {t("orchestration.actions.stop")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => openReassign(selectedEntities)}
            data-testid="orchestration-bulk-reassign"
          >
            {t("orchestration.actions.reassign")}
          </Button>
          <Button
            variant="ghost"
            className="ms-auto"
            onClick={() => setSelected(new Set())}
            data-testid="orchestration-bulk-clear"
          >
            {t("orchestration.bulk.clear")}
          </Button>
        </section>
      ) : null}

      {notice ? (
        <p role="status" className="mb-3 text-success" data-testid="orchestration-notice">
          {notice}
        </p>
      ) : null}
      {actionError ? (
        <p role="alert" className="mb-3 text-error" data-testid="orchestration-error">
          {actionError}
        </p>
      ) : null}
      {failures.length > 0 ? (
        <div role="alert" className="mb-3 text-error" data-testid="orchestration-failures">
          <p className="font-semibold">
            {t("orchestration.bulk.failed", { count: failures.length })}
          </p>
          <ul className="ms-5 list-disc">
            {failures.map((failure) => (
              <li key={failure.name}>
                <span dir="auto">{failure.name}</span>: {failure.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

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
              <Button variant="secondary" onClick={clearFilters}>
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
            onFilterOwner={setOwner}
          />
          <nav
            aria-label={t("orchestration.pagination.label")}
            className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-fg-muted"
          >
            <span data-testid="orchestration-page">
              {t("orchestration.pagination.page", {
                page,
                pages,
                total: list.data?.total ?? 0,
              })}
            </span>
            <span className="flex gap-2">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
              >
                {t("orchestration.pagination.previous")}
              </Button>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setPage((current) => current + 1)}
              >
                {t("orchestration.pagination.next")}
              </Button>
            </span>
          </nav>
        </>
      )}

      {dialog?.kind === "stop" ? (
        <ConfirmDialog
          titleDir="auto"
          wide
          title={
            dialogCount === 1
              ? t("orchestration.confirmStop.titleOne", { name: dialogName })
              : t("orchestration.confirmStop.titleMany", { count: dialogCount })
          }
          confirmLabel={t("orchestration.confirmStop.confirm")}
          cancelLabel={t("orchestration.confirmStop.cancel")}
          danger
          pending={dialogPending}
          onConfirm={() => void act(dialog.targets, "stop")}
          onClose={() => setDialog(null)}
          testId="orchestration-stop-dialog"
        >
          <p className="text-sm text-fg">{t("orchestration.confirmStop.body")}</p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === "reassign" ? (
        <ConfirmDialog
          titleDir="auto"
          wide
          title={
            dialogCount === 1
              ? t("orchestration.reassign.titleOne", { name: dialogName })
              : t("orchestration.reassign.titleMany", { count: dialogCount })
          }
          confirmLabel={t("orchestration.reassign.confirm")}
          cancelLabel={t("orchestration.reassign.cancel")}
          pending={dialogPending}
          onConfirm={() => void act(dialog.targets, "reassign")}
          onClose={() => setDialog(null)}
          testId="orchestration-reassign-dialog"
        >
          <p className="text-sm text-fg">{t("orchestration.reassign.body")}</p>
          {(models.data?.models.length ?? 0) === 0 ? (
            <p className="text-sm text-fg-muted">{t("orchestration.reassign.noModels")}</p>
          ) : null}
          <label className="flex flex-col gap-1 text-sm font-semibold text-fg">
            {t("orchestration.reassign.model")}
            <select
              className={inputClass}
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
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
