// The entity table: a checkbox per row (and one for the page), status, model, last run, tokens and errors, and the
// row's own actions. Keyboard: every control is a native checkbox or button, in reading order.
import type { OrchestrationStatus } from "@aacos/domain/orchestration";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { Badge, type BadgeTone } from "../../ui/badge";
import { buttonClasses } from "../../ui/button";
import type { EntityAction, OrchestratedEntity } from "./api";

const TONE: Record<OrchestrationStatus, BadgeTone> = {
  idle: "neutral",
  running: "success",
  paused: "warning",
  stopped: "warning",
  error: "warning",
};

const RUN_STATUSES = ["complete", "stopped", "failed", "running"] as const;
type RunStatus = (typeof RUN_STATUSES)[number];
const isRunStatus = (value: string | null): value is RunStatus =>
  RUN_STATUSES.includes(value as RunStatus);

/** The header after the checkbox, in reading order; the owner column only for someone who manages every entity. */
const COLUMNS = [
  { key: "entity", numeric: false },
  { key: "owner", numeric: false },
  { key: "universe", numeric: false },
  { key: "status", numeric: false },
  { key: "model", numeric: false },
  { key: "lastRun", numeric: false },
  { key: "tokens", numeric: true },
  { key: "errors", numeric: true },
  { key: "actions", numeric: false },
] as const;

export function EntityTable({
  entities,
  managesAll,
  defaultModel,
  selected,
  busy,
  onToggle,
  onToggleAll,
  onAction,
  onReassign,
  onFilterOwner,
}: {
  entities: readonly OrchestratedEntity[];
  managesAll: boolean;
  defaultModel: string | null;
  selected: ReadonlySet<string>;
  /** Entity ids with an action in flight. */
  busy: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onAction: (entity: OrchestratedEntity, action: EntityAction) => void;
  onReassign: (entity: OrchestratedEntity) => void;
  onFilterOwner: (owner: OrchestratedEntity["owner"]) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const all = entities.length > 0 && entities.every((entity) => selected.has(entity.id));
  const some = entities.some((entity) => selected.has(entity.id));
  const header = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (header.current !== null) header.current.indeterminate = some && !all;
  }, [some, all]);

  const modelLabel = (model: string | null) =>
    model ??
    (defaultModel === null
      ? t("orchestration.defaultModelUnnamed")
      : t("orchestration.defaultModel", { model: defaultModel }));

  const cell = "px-3 py-2 align-middle";
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-surface">
      <table className="w-full min-w-[60rem] text-start text-sm" data-testid="orchestration-table">
        <thead className="bg-surface-muted text-xs font-semibold text-fg-muted">
          <tr>
            <th scope="col" className={`${cell} w-10`}>
              <input
                ref={header}
                type="checkbox"
                className="size-4 accent-primary"
                checked={all}
                aria-label={t("orchestration.columns.selectAll")}
                onChange={(event) => onToggleAll(event.target.checked)}
                data-testid="orchestration-select-all"
              />
            </th>
            {COLUMNS.filter((column) => managesAll || column.key !== "owner").map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`${cell} ${column.numeric ? "text-end" : "text-start"}`}
              >
                {t(`orchestration.columns.${column.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entities.map((entity) => {
            const held = entity.status === "paused" || entity.status === "stopped";
            const pending = busy.has(entity.id);
            return (
              <tr
                key={entity.id}
                className="border-t border-border"
                data-testid="orchestration-row"
                data-entity-id={entity.id}
                data-status={entity.status}
                aria-selected={selected.has(entity.id)}
              >
                <td className={cell}>
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={selected.has(entity.id)}
                    aria-label={t("orchestration.columns.selectOne", { name: entity.name })}
                    onChange={() => onToggle(entity.id)}
                    data-testid="orchestration-select"
                  />
                </td>
                <td className={cell}>
                  <div className="font-semibold text-fg" dir="auto">
                    {entity.name}
                  </div>
                  <div className="text-xs text-fg-muted" dir="auto">
                    {entity.role}
                  </div>
                </td>
                {managesAll ? (
                  <td className={cell}>
                    <button
                      type="button"
                      className="text-start font-medium text-accent-text underline-offset-2 hover:underline"
                      title={t("orchestration.filterByOwner", { owner: entity.owner.username })}
                      aria-label={t("orchestration.filterByOwner", {
                        owner: entity.owner.username,
                      })}
                      onClick={() => onFilterOwner(entity.owner)}
                      data-testid="orchestration-owner"
                    >
                      <span dir="auto">{entity.owner.username}</span>
                    </button>
                    <div className="text-xs text-fg-muted" dir="ltr">
                      {entity.owner.email}
                    </div>
                  </td>
                ) : null}
                <td className={cell} dir="auto">
                  {entity.universe.name}
                </td>
                <td className={cell}>
                  <Badge tone={TONE[entity.status]}>
                    <span data-testid="orchestration-status">
                      {t(`orchestration.status.${entity.status}`)}
                    </span>
                  </Badge>
                  {entity.heldByManager ? (
                    <div className="mt-1 text-xs text-fg-muted">
                      {t("orchestration.heldByManager")}
                    </div>
                  ) : null}
                </td>
                <td className={cell}>
                  <span dir="ltr" data-testid="orchestration-model">
                    {modelLabel(entity.model)}
                  </span>
                </td>
                <td className={cell}>
                  {entity.lastRunAt === null ? (
                    <span className="text-fg-muted">{t("orchestration.never")}</span>
                  ) : (
                    <>
                      <div className="whitespace-nowrap">{formatDate(entity.lastRunAt)}</div>
                      {isRunStatus(entity.lastRunStatus) ? (
                        <div
                          className={`text-xs ${entity.lastRunStatus === "failed" ? "text-error" : "text-fg-muted"}`}
                        >
                          {t(`orchestration.runStatus.${entity.lastRunStatus}`)}
                        </div>
                      ) : null}
                    </>
                  )}
                </td>
                <td className={`${cell} text-end tabular-nums whitespace-nowrap`}>
                  {entity.tokensToday.toLocaleString()} / {entity.tokensTotal.toLocaleString()}
                </td>
                <td
                  className={`${cell} text-end tabular-nums ${entity.errorCount > 0 ? "font-semibold text-error" : ""}`}
                >
                  {entity.errorCount}
                </td>
                <td className={cell}>
                  <div className="flex flex-wrap gap-1">
                    {held ? (
                      <RowAction
                        action="resume"
                        name={entity.name}
                        // A manager's hold is lifted by a manager only (the server refuses the owner).
                        disabled={pending || (entity.heldByManager && !managesAll)}
                        onClick={() => onAction(entity, "resume")}
                      />
                    ) : (
                      <RowAction
                        action="pause"
                        name={entity.name}
                        disabled={pending}
                        onClick={() => onAction(entity, "pause")}
                      />
                    )}
                    {entity.status !== "stopped" ? (
                      <RowAction
                        action="stop"
                        name={entity.name}
                        disabled={pending}
                        onClick={() => onAction(entity, "stop")}
                      />
                    ) : null}
                    <RowAction
                      action="reassign"
                      name={entity.name}
                      disabled={pending}
                      onClick={() => onReassign(entity)}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** How each row action looks: stop is the one in the error colour, reassign the quiet one. */
const ROW_ACTION_CLASSES = {
  resume: buttonClasses("secondary", "!px-3 !py-1.5"),
  pause: buttonClasses("secondary", "!px-3 !py-1.5"),
  stop: buttonClasses("secondary", "!px-3 !py-1.5 text-error"),
  reassign: buttonClasses("ghost", "!px-3 !py-1.5"),
} as const;

/** One of a row's action buttons; its accessible name says which entity it acts on. */
function RowAction({
  action,
  name,
  disabled,
  onClick,
}: {
  action: keyof typeof ROW_ACTION_CLASSES;
  name: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={ROW_ACTION_CLASSES[action]}
      disabled={disabled}
      aria-label={t(`orchestration.actions.${action}One`, { name })}
      onClick={onClick}
      data-testid={`orchestration-${action}`}
    >
      {t(`orchestration.actions.${action}`)}
    </button>
  );
}
