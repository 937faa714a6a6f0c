// The multi-entity command runner: entities chosen with checkboxes (grouped by universe), one prompt, and the answers
// streaming side by side in one card per entity, with Stop for all and a stop of its own on each card. Several
// entities at once need the AI assistant (quantum+).

import { tierHasFeature } from "@aacos/domain/catalog";
import { MAX_COMMAND_ENTITIES } from "@aacos/domain/validation";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { errorText, storedErrorText } from "../../lib/messages";
import type { Entity, UniverseGroup } from "../../lib/workspace-queries";
import { Badge } from "../../ui/badge";
import { Button, ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { TextAreaField } from "../../ui/form-field";
import { Markdown } from "../../ui/markdown";
import { type EntityColumn, useCommandRun } from "./use-command-run";

function AnswerCard({
  column,
  entity,
  onStop,
  stopping,
}: {
  column: EntityColumn;
  entity: Entity | undefined;
  /** Present while this entity's answer can be stopped on its own. */
  onStop: (() => void) | null;
  stopping: boolean;
}) {
  const { t } = useTranslation();
  const run = column.run;
  const name = entity?.name ?? t("commandCenter.runner.unknownEntity");
  return (
    <Card
      className="flex min-w-0 flex-col gap-2"
      data-testid="command-answer-card"
      data-entity-id={column.entityId}
      data-status={column.status}
      aria-busy={column.status === "streaming"}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold text-fg">
          <bdi>{name}</bdi>
        </h3>
        {onStop !== null && column.status === "streaming" ? (
          <Button
            variant="ghost"
            className="ms-auto px-2 py-1 text-xs"
            onClick={onStop}
            disabled={stopping}
            aria-label={t("commandCenter.runner.stopEntityLabel", { name })}
            data-testid="command-answer-stop"
          >
            {stopping ? t("chat.stopping") : t("commandCenter.runner.stopEntity")}
          </Button>
        ) : null}
        <Badge
          tone={
            column.status === "complete"
              ? "success"
              : column.status === "streaming"
                ? "primary"
                : "warning"
          }
        >
          {t(`commandCenter.status.${column.status}`)}
        </Badge>
      </div>
      <div dir="auto" className="min-h-16 text-start text-fg" data-testid="command-answer-text">
        {column.content === "" ? (
          <span className={`text-fg-muted ${column.status === "streaming" ? "animate-pulse" : ""}`}>
            {column.status === "streaming" ? t("chat.thinking") : t("chat.emptyAnswer")}
          </span>
        ) : (
          <Markdown
            text={column.content}
            labels={{ copy: t("chat.copy"), copied: t("chat.copied") }}
          />
        )}
      </div>
      {column.provider === "retrieval" ? (
        <span data-testid="command-retrieval-label">
          <Badge tone="warning">{t("chat.retrieval")}</Badge>
        </span>
      ) : null}
      {column.error || column.errorCode ? (
        <p className="text-sm font-semibold text-error">
          {t("chat.failedWith", { error: storedErrorText(t, column.errorCode) })}
        </p>
      ) : null}
      {run ? (
        <p className="text-xs text-fg-muted" data-testid="command-answer-usage">
          {t("commandCenter.runner.usage", {
            prompt: run.promptTokens,
            completion: run.completionTokens,
            seconds: (run.durationMs / 1000).toFixed(1),
          })}
        </p>
      ) : null}
    </Card>
  );
}

export function CommandRunner({
  groups,
  onFinished,
}: {
  groups: UniverseGroup[];
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const tier = useAuthStore((state) => state.user?.tier ?? "genesis");
  const multiAllowed = tierHasFeature(tier, "aiAssistant");
  const [chosen, setChosen] = useState<string[]>([]);
  const [prompt, setPrompt] = useState("");
  const command = useCommandRun(onFinished);
  const entities = groups.flatMap((group) => group.entities);
  const canRun =
    !command.running &&
    chosen.length > 0 &&
    chosen.length <= MAX_COMMAND_ENTITIES &&
    prompt.trim() !== "";

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((value) => value !== id)));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canRun) return;
    void command.run(chosen, prompt.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
  };
  const locked =
    command.refusal && "code" in command.refusal && command.refusal.code === "feature_locked";

  return (
    <section
      aria-labelledby="runner-heading"
      className="flex flex-col gap-4"
      data-testid="command-runner"
    >
      <h2 id="runner-heading" className="text-xl font-bold text-fg">
        {t("commandCenter.runner.title")}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-fg">
            {t("commandCenter.runner.chooseEntities", { max: MAX_COMMAND_ENTITIES })}
          </legend>
          {groups
            .filter((group) => group.universe.archivedAt === null && group.entities.length > 0)
            .map(({ universe, entities: members }) => (
              <div key={universe.id} className="flex flex-col gap-1">
                <span className="text-xs font-bold uppercase tracking-wide text-fg-muted">
                  <bdi>{universe.name}</bdi>
                  {universe.shared ? ` · ${t("teams.shared")}` : null}
                </span>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {members.map((entity) => (
                    <label
                      key={entity.id}
                      className="inline-flex items-center gap-2 text-sm text-fg"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={chosen.includes(entity.id)}
                        onChange={(event) => toggle(entity.id, event.target.checked)}
                        disabled={command.running}
                        data-testid="command-entity-checkbox"
                        data-entity-id={entity.id}
                      />
                      <span dir="auto">{entity.name}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
        </fieldset>
        {!multiAllowed && chosen.length > 1 ? (
          <div
            className="flex flex-wrap items-center gap-3 rounded-xl border border-warning px-4 py-3 text-sm text-fg"
            data-testid="command-multi-locked"
          >
            <span>{t("commandCenter.runner.multiLocked")}</span>
            <ButtonLink to="/tiers#plan" variant="secondary" data-testid="command-upgrade">
              {t("commandCenter.runner.upgrade")}
            </ButtonLink>
          </div>
        ) : null}
        <TextAreaField
          label={t("commandCenter.runner.prompt")}
          dir="auto"
          rows={3}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("commandCenter.runner.promptPlaceholder")}
          testId="command-prompt"
          className="resize-y"
        />
        <div className="flex flex-wrap gap-2">
          {command.running ? (
            <Button
              variant="secondary"
              onClick={command.stop}
              disabled={command.stopping}
              data-testid="command-stop"
            >
              {command.stopping ? t("chat.stopping") : t("chat.stop")}
            </Button>
          ) : (
            <Button type="submit" disabled={!canRun} data-testid="command-run">
              {t("commandCenter.runner.run", { count: chosen.length })}
            </Button>
          )}
        </div>
      </form>
      {command.refusal ? (
        <FormAlert testId="command-error">
          {locked ? t("commandCenter.runner.multiLocked") : errorText(t, command.refusal)}
        </FormAlert>
      ) : null}
      {command.columns.length > 0 ? (
        <section
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          data-testid="command-answers"
          aria-label={t("commandCenter.runner.answers")}
        >
          {command.columns.map((column) => (
            <AnswerCard
              key={column.entityId}
              column={column}
              entity={entities.find((entity) => entity.id === column.entityId)}
              onStop={
                command.canStopEntity && command.columns.length > 1
                  ? () => command.stopEntity(column.entityId)
                  : null
              }
              stopping={command.stoppingEntities.includes(column.entityId)}
            />
          ))}
        </section>
      ) : null}
      <div role="status" aria-live="polite" className="sr-only">
        {!command.running && command.finishedCount > 0 && command.columns.length > 0
          ? t("commandCenter.runner.announceDone", { count: command.columns.length })
          : ""}
      </div>
    </section>
  );
}
