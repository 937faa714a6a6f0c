// One tier's or world's prices and limits: a number per field (an unlimited switch where −1 is allowed), checked by
// the domain's rules before saving, saved as one partial change, or reset to the built-in values.

import { UNLIMITED } from "@aacos/domain/catalog";
import type { SettingProblem } from "@aacos/domain/catalog-overrides";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { catalogQuery } from "../../lib/catalog-query";
import { errorText, translateField } from "../../lib/messages";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button, SubmitButton } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { type PlanSettings, type SettingsKind, settingsApi, settingsKeys } from "./api";
import {
  type Draft,
  draftFrom,
  type FieldSpec,
  fieldsOf,
  readDraft,
  readValue,
} from "./limit-form";

/** The form's field groups in order, each under its legend. */
const FIELD_GROUPS = [
  { section: "limits", legend: "adminSettings.plan.limits" },
  { section: "price", legend: "adminSettings.plan.prices" },
] as const satisfies readonly { section: FieldSpec["section"]; legend: string }[];

type Notice = { kind: "saved"; count: number } | { kind: "reset" } | { kind: "unchanged" } | null;

/** Test ids other tests rely on: tiers `limit-<tier>-<key>`, worlds `world-limit-<world>-<key>`. */
function inputTestId(kind: SettingsKind, name: string, spec: FieldSpec): string {
  const prefix = kind === "tier" ? "" : "world-";
  return `${prefix}${spec.section === "limits" ? "limit" : "price"}-${name}-${spec.key}`;
}

export function PlanSettingsCard({ kind, plan }: { kind: SettingsKind; plan: PlanSettings }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(kind, plan.values));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const fields = fieldsOf(kind);
  // A save here (or elsewhere) brings new values in force: the form starts from them again.
  const valuesKey = JSON.stringify(plan.values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for plan.values' content.
  useEffect(() => {
    setDraft(draftFrom(kind, plan.values));
    setTouched(new Set());
  }, [kind, valuesKey]);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogQuery.queryKey }),
    ]);
  };
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof readDraft>["body"]) =>
      settingsApi.change(kind, plan.name, body),
    onSuccess: async (reply) => {
      queryClient.setQueryData(settingsKeys.view, reply.settings);
      setNotice({ kind: "saved", count: reply.changes.length });
      await refresh();
    },
  });
  const reset = useMutation({
    mutationFn: () => settingsApi.reset(kind, plan.name),
    onSuccess: async (reply) => {
      queryClient.setQueryData(settingsKeys.view, reply.settings);
      setNotice({ kind: "reset" });
      await refresh();
    },
  });

  const result = readDraft(kind, draft, plan.values);
  const problemText = (problem: SettingProblem) =>
    problem.kind === "notInteger"
      ? t("adminSettings.problems.notInteger")
      : problem.kind === "tooLarge"
        ? t("adminSettings.problems.tooLarge", { max: problem.bound })
        : t(`adminSettings.problems.${problem.kind}`, { min: problem.bound });
  const serverFields = isApiError(save.error) ? save.error.fields : {};
  const errorOf = (spec: FieldSpec): string | undefined => {
    const entry = draft[spec.field];
    if (entry !== undefined && touched.has(spec.field)) {
      const read = readValue(spec, entry);
      if (typeof read !== "number") return problemText(read);
    }
    const server = serverFields[spec.field];
    return server ? translateField(t, server) : undefined;
  };

  const update = (field: string, change: Partial<Draft[string]>) => {
    setNotice(null);
    setDraft((current) => ({
      ...current,
      [field]: { text: "", unlimited: false, ...current[field], ...change },
    }));
  };
  const touch = (field: string) => setTouched((current) => new Set(current).add(field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(fields.map((spec) => spec.field)));
    if (Object.keys(result.problems).length > 0) return;
    if (result.changed === 0) {
      setNotice({ kind: "unchanged" });
      return;
    }
    save.mutate(result.body);
  };

  const shownValue = (value: number | undefined) =>
    value === undefined
      ? ""
      : value === UNLIMITED
        ? t("adminSettings.plan.unlimited")
        : format.number(value);
  const overridden = new Set(plan.overridden);
  const problems = Object.keys(result.problems).filter((field) => touched.has(field)).length;
  const testKind = kind === "tier" ? "tier" : "world";

  const renderField = (spec: FieldSpec) => {
    const entry = draft[spec.field] ?? { text: "", unlimited: false };
    const defaultValue = plan.defaults[spec.section][spec.key];
    const id = inputTestId(kind, plan.name, spec);
    return (
      <div key={spec.field} className="flex flex-col gap-1.5">
        <TextField
          label={t(`adminSettings.fields.${spec.key}` as "adminSettings.fields.maxProjects")}
          type="text"
          inputMode="numeric"
          dir="ltr"
          testId={id}
          value={entry.unlimited ? "" : entry.text}
          placeholder={entry.unlimited ? "∞" : undefined}
          disabled={entry.unlimited}
          onChange={(event) => update(spec.field, { text: event.target.value })}
          onBlur={() => touch(spec.field)}
          error={errorOf(spec)}
          hint={
            overridden.has(spec.field) ? (
              <span data-testid={`${id}-default`}>
                {t("adminSettings.plan.default", { value: shownValue(defaultValue) })}
              </span>
            ) : undefined
          }
          className={overridden.has(spec.field) ? "border-accent" : ""}
        />
        {spec.rule.unlimited ? (
          <label className="flex items-center gap-2 text-sm text-fg-muted">
            <input
              type="checkbox"
              className="size-4 accent-accent"
              data-testid={`${id}-unlimited`}
              checked={entry.unlimited}
              onChange={(event) => {
                touch(spec.field);
                update(spec.field, {
                  unlimited: event.target.checked,
                  text: event.target.checked
                    ? ""
                    : String(defaultValue === UNLIMITED ? 0 : (defaultValue ?? 0)),
                });
              }}
            />
            {spec.section === "price"
              ? t("adminSettings.plan.customPrice")
              : t("adminSettings.plan.unlimited")}
          </label>
        ) : null}
      </div>
    );
  };

  return (
    <Card
      className="p-5"
      aria-labelledby={headingId}
      data-testid={`settings-${testKind}-${plan.name}`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={headingId} className="text-xl font-bold text-fg">
            {localized(plan.displayName)}
          </h3>
          {plan.overridden.length > 0 ? (
            <Badge tone="warning">
              {t("adminSettings.plan.changedCount", { count: plan.overridden.length })}
            </Badge>
          ) : null}
        </div>
        {FIELD_GROUPS.map(({ section, legend }) => (
          <fieldset key={section} className="flex flex-col gap-3">
            <legend className="mb-3 text-sm font-bold uppercase tracking-wide text-fg-muted">
              {t(legend)}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {fields.filter((spec) => spec.section === section).map(renderField)}
            </div>
          </fieldset>
        ))}
        {problems > 0 ? <FormAlert>{t("adminSettings.plan.fixErrors")}</FormAlert> : null}
        {save.error && !isApiError(save.error) ? (
          <FormAlert>{t("adminSettings.loadFailed")}</FormAlert>
        ) : null}
        {isApiError(save.error) && Object.keys(serverFields).length === 0 ? (
          <FormAlert>{errorText(t, save.error)}</FormAlert>
        ) : null}
        {notice?.kind === "saved" ? (
          <FormNotice testId="settings-saved">
            {t("adminSettings.plan.saved", { count: notice.count })}
          </FormNotice>
        ) : null}
        {notice?.kind === "reset" ? (
          <FormNotice testId="settings-saved">{t("adminSettings.plan.resetDone")}</FormNotice>
        ) : null}
        {notice?.kind === "unchanged" ? (
          <FormNotice testId="settings-unchanged">
            {t("adminSettings.plan.nothingChanged")}
          </FormNotice>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            data-testid={`save-${testKind}-${plan.name}`}
            busy={save.isPending}
            busyLabel={t("adminSettings.plan.saving")}
          >
            {t("adminSettings.plan.save")}
          </SubmitButton>
          <Button
            type="button"
            variant="secondary"
            data-testid={`reset-${testKind}-${plan.name}`}
            disabled={reset.isPending || plan.overridden.length === 0}
            onClick={() => {
              setNotice(null);
              reset.mutate();
            }}
          >
            {reset.isPending ? t("adminSettings.plan.resetting") : t("adminSettings.plan.reset")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
