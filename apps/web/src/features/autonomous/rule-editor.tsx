// The rule editor: the domain's AutonomousRuleBody checks it in the browser (field messages under each field), the
// server checks it again, parses the cron expression in full and previews its next three run times.

import { AutonomousRuleBody, hasCronShape, isTimeZone } from "@aacos/domain/autonomous";
import type { AutonomousRuleView } from "@aacos/domain/replies";
import { SIGNAL_KINDS, SIGNAL_SEVERITIES } from "@aacos/domain/validation";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { localeOf } from "../../lib/i18n";
import { translateField } from "../../lib/messages";
import { useDebounced } from "../../lib/use-debounced";
import { type FieldBinding, numberOrBlank, schemaOfValues, useForm } from "../../lib/use-form";
import { useLanguage } from "../../lib/use-language";
import { useEntities } from "../../lib/workspace-queries";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { CheckboxField, Options, SelectField, TextAreaField, TextField } from "../../ui/form-field";
import { Switch } from "../../ui/switch";
import { autonomousApi, autonomousKeys } from "./api";

export type EditorValues = {
  name: string;
  /** Comma-separated entity ids (form values are text). */
  entityIds: string;
  prompt: string;
  trigger: string;
  cron: string;
  timeZone: string;
  signalKind: string;
  signalSource: string;
  signalMinSeverity: string;
  maxRunsPerHour: string;
  maxTokensPerDay: string;
  dryRun: boolean;
  enabled: boolean;
};

function browserTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

export function initialValues(rule?: AutonomousRuleView): EditorValues {
  if (rule === undefined) {
    return {
      name: "",
      entityIds: "",
      prompt: "",
      trigger: "schedule",
      cron: "0 9 * * 1",
      timeZone: browserTimeZone(),
      signalKind: "",
      signalSource: "",
      signalMinSeverity: "warning",
      maxRunsPerHour: "4",
      maxTokensPerDay: "20000",
      dryRun: true,
      enabled: true,
    };
  }
  return {
    name: rule.name,
    entityIds: rule.entityIds.join(","),
    prompt: rule.prompt,
    trigger: rule.trigger,
    cron: rule.cron,
    timeZone: rule.timeZone,
    signalKind: rule.signalKind,
    signalSource: rule.signalSource,
    signalMinSeverity: rule.signalMinSeverity,
    maxRunsPerHour: String(rule.maxRunsPerHour),
    maxTokensPerDay: String(rule.maxTokensPerDay),
    dryRun: rule.dryRun,
    enabled: rule.enabled,
  };
}

/** The form's text values as the body the schema (and the server) expects. */
export const RULE_EDITOR_SCHEMA = schemaOfValues(AutonomousRuleBody, (v: EditorValues) => ({
  ...v,
  entityIds: v.entityIds === "" ? [] : v.entityIds.split(","),
  maxRunsPerHour: numberOrBlank(v.maxRunsPerHour),
  maxTokensPerDay: numberOrBlank(v.maxTokensPerDay),
}));

/** The rule's budget: the most runs an hour and tokens a day (24 hours) it may spend. */
const LIMIT_FIELDS = [
  { name: "maxRunsPerHour", testId: "rule-max-runs" },
  { name: "maxTokensPerDay", testId: "rule-max-tokens" },
] as const;

/** A dry run records what would have run without calling the AI; a rule turned off does not fire. */
const SWITCHES = [
  { name: "dryRun", testId: "rule-dry-run" },
  { name: "enabled", testId: "rule-enabled" },
] as const;

const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];

/** The next run times of the cron field, from the server (croner), shown in the rule's time zone. */
function CronPreview({ cron, timeZone }: { cron: string; timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settled = useDebounced({ cron: cron.trim(), timeZone: timeZone.trim() }, 300);
  const ready = hasCronShape(settled.cron) && isTimeZone(settled.timeZone);
  // While the fields settle, the runs shown would be the previous expression's: say it is checking instead.
  const settling = cron.trim() !== settled.cron || timeZone.trim() !== settled.timeZone;
  const preview = useQuery({
    queryKey: autonomousKeys.preview(settled.cron, settled.timeZone),
    queryFn: ({ signal }) => autonomousApi.preview(settled.cron, settled.timeZone, signal),
    enabled: ready,
    retry: false,
    staleTime: 30_000,
  });
  const format = useMemo(
    () =>
      ready
        ? new Intl.DateTimeFormat(localeOf(language), {
            dateStyle: "full",
            timeStyle: "short",
            timeZone: settled.timeZone,
          })
        : null,
    [language, ready, settled.timeZone],
  );
  if (!ready) return null;
  const serverError = isApiError(preview.error) ? preview.error.fields?.cron : undefined;
  return (
    <div
      className="rounded-xl border border-border bg-surface-muted px-3 py-2 text-sm"
      data-testid="cron-preview"
    >
      <p className="font-semibold text-fg">{t("autonomous.editor.preview")}</p>
      {settling || preview.isPending ? (
        <p className="text-fg-muted">{t("autonomous.editor.previewChecking")}</p>
      ) : serverError !== undefined ? (
        <p className="font-semibold text-error" data-testid="cron-preview-error">
          {translateField(t, serverError)}
        </p>
      ) : preview.isError ? (
        <p className="text-error">{t("autonomous.loadFailed")}</p>
      ) : (
        <ol className="mt-1 flex flex-col gap-0.5 text-fg">
          {preview.data.nextRuns.map((run) => (
            <li key={run} data-testid="cron-preview-run">
              {format?.format(new Date(run)) ?? run}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A left-to-right text field that offers a list of known values (time zones, signal kinds) yet takes any text. */
function SuggestedField({
  label,
  binding,
  testId,
  suggestions,
}: {
  label: string;
  binding: FieldBinding;
  testId: string;
  suggestions: readonly string[];
}) {
  const listId = useId();
  return (
    <>
      <TextField label={label} {...binding} testId={testId} dir="ltr" list={listId} />
      <datalist id={listId}>
        {suggestions.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
    </>
  );
}

export function RuleEditor({
  rule,
  onSave,
  onCancel,
}: {
  rule?: AutonomousRuleView;
  onSave: (body: AutonomousRuleBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<EditorValues, AutonomousRuleBody>(RULE_EDITOR_SCHEMA, initialValues(rule));
  const entities = useEntities();
  const selected = form.values.entityIds === "" ? [] : form.values.entityIds.split(",");
  const toggleEntity = (id: string, on: boolean) =>
    form.set(
      "entityIds",
      (on ? [...selected, id] : selected.filter((entry) => entry !== id)).join(","),
    );
  const schedule = form.values.trigger === "schedule";
  const entitiesError = form.error("entityIds");

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      data-testid="rule-editor"
      onSubmit={form.onSubmit(onSave)}
    >
      <h3 className="text-lg font-bold text-fg sm:col-span-2">
        {t(rule ? "autonomous.editor.editTitle" : "autonomous.editor.createTitle")}
      </h3>
      <TextField
        label={t("autonomous.editor.name")}
        {...form.field("name")}
        testId="rule-name"
        dir="auto"
      />
      <SelectField
        label={t("autonomous.editor.trigger")}
        {...form.field("trigger")}
        testId="rule-trigger"
      >
        <option value="schedule">{t("autonomous.editor.triggers.schedule")}</option>
        <option value="signal">{t("autonomous.editor.triggers.signal")}</option>
      </SelectField>

      <fieldset className="flex min-w-0 flex-col gap-1.5 sm:col-span-2" data-testid="rule-entities">
        <legend className="text-sm font-semibold text-fg">{t("autonomous.editor.entities")}</legend>
        {entities.isPending ? (
          <p className="text-sm text-fg-muted">{t("autonomous.loading")}</p>
        ) : entities.isError ? (
          <p className="text-sm text-error">{t("autonomous.loadFailed")}</p>
        ) : entities.data.length === 0 ? (
          <p className="text-sm text-fg-muted" data-testid="rule-no-entities">
            {t("autonomous.editor.noEntities")}
          </p>
        ) : (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {entities.data.map((entity) => (
              <CheckboxField
                key={entity.id}
                label={entity.name}
                checked={selected.includes(entity.id)}
                onChange={(event) => toggleEntity(entity.id, event.target.checked)}
                testId={`rule-entity-${entity.name}`}
                aria-invalid={entitiesError !== undefined}
              />
            ))}
          </div>
        )}
        <p className="text-sm text-fg-muted">{t("autonomous.editor.entitiesHint")}</p>
        {entitiesError ? (
          <p className="text-sm font-semibold text-error" data-testid="rule-entities-error">
            {entitiesError}
          </p>
        ) : null}
      </fieldset>

      <div className="sm:col-span-2">
        <TextAreaField
          label={t("autonomous.editor.prompt")}
          rows={3}
          dir="auto"
          {...form.field("prompt")}
          testId="rule-prompt"
        />
      </div>

      {schedule ? (
        <>
          <TextField
            label={t("autonomous.editor.cron")}
            hint={t("autonomous.editor.cronHint")}
            {...form.field("cron")}
            testId="rule-cron"
            dir="ltr"
            spellCheck={false}
          />
          <SuggestedField
            label={t("autonomous.editor.timeZone")}
            binding={form.field("timeZone")}
            testId="rule-time-zone"
            suggestions={TIME_ZONES}
          />
          <div className="sm:col-span-2">
            <CronPreview cron={form.values.cron} timeZone={form.values.timeZone} />
          </div>
        </>
      ) : (
        <>
          <SuggestedField
            label={t("autonomous.editor.signalKind")}
            binding={form.field("signalKind")}
            testId="rule-signal-kind"
            suggestions={SIGNAL_KINDS}
          />
          <TextField
            label={t("autonomous.editor.signalSource")}
            {...form.field("signalSource")}
            testId="rule-signal-source"
            dir="ltr"
          />
          <SelectField
            label={t("autonomous.editor.minSeverity")}
            {...form.field("signalMinSeverity")}
            testId="rule-min-severity"
          >
            <Options
              values={SIGNAL_SEVERITIES}
              text={(severity) => t(`autonomous.severity.${severity}`)}
            />
          </SelectField>
        </>
      )}

      {LIMIT_FIELDS.map((limit) => (
        <TextField
          key={limit.name}
          label={t(`autonomous.editor.${limit.name}`)}
          inputMode="numeric"
          {...form.field(limit.name)}
          testId={limit.testId}
          dir="ltr"
        />
      ))}
      {SWITCHES.map((option) => (
        <Switch
          key={option.name}
          checked={form.values[option.name]}
          onChange={(checked) => form.set(option.name, checked)}
          label={t(`autonomous.editor.${option.name}`)}
          hint={t(`autonomous.editor.${option.name}Hint`)}
          testId={option.testId}
        />
      ))}
      {form.formError ? (
        <div className="sm:col-span-2">
          <FormAlert testId="rule-editor-error" announceOnly={form.formErrorEchoesField}>
            {form.formError}
          </FormAlert>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={form.submitting} data-testid="rule-save">
          {t(rule ? "autonomous.editor.save" : "autonomous.editor.create")}
        </Button>
        <Button variant="ghost" onClick={onCancel} data-testid="rule-cancel">
          {t("autonomous.editor.cancel")}
        </Button>
      </div>
    </form>
  );
}
