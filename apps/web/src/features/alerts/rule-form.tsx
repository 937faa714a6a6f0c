// The alert rule editor: the domain's AlertRuleBody checks it in the browser (field messages under each field), the
// server checks it again (its field messages land on the same fields).
import { ALERT_OPS, ALERT_SEVERITIES } from "@aacos/domain/monitoring";
import { AlertRuleBody } from "@aacos/domain/validation";
import { useTranslation } from "react-i18next";
import { numberOrBlank, schemaOfValues, useForm } from "../../lib/use-form";
import { Button } from "../../ui/button";
import { Options, SelectField, TextField } from "../../ui/form-field";

type RuleValues = {
  metric: string;
  op: string;
  threshold: string;
  windowSeconds: string;
  severity: string;
  name: string;
};

const INITIAL: RuleValues = {
  metric: "",
  op: "gt",
  threshold: "",
  windowSeconds: "60",
  severity: "warning",
  name: "",
};

/** The text fields as the body the schema (and the server) expects. */
export const RULE_FORM_SCHEMA = schemaOfValues(AlertRuleBody, (v: RuleValues) => ({
  metric: v.metric,
  op: v.op,
  threshold: numberOrBlank(v.threshold),
  windowSeconds: numberOrBlank(v.windowSeconds),
  severity: v.severity,
  name: v.name.trim() === "" ? undefined : v.name,
}));

export function RuleForm({ onCreate }: { onCreate: (body: AlertRuleBody) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useForm<RuleValues, AlertRuleBody>(RULE_FORM_SCHEMA, INITIAL);
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      data-testid="rule-form"
      onSubmit={form.onSubmit(async (body) => {
        await onCreate(body);
        form.reset();
      })}
    >
      <TextField
        label={t("live.alerts.rule.metric")}
        hint={t("live.alerts.rule.metricHint")}
        {...form.field("metric")}
        testId="rule-metric"
        dir="ltr"
      />
      <TextField label={t("live.alerts.rule.name")} {...form.field("name")} testId="rule-name" />
      <SelectField label={t("live.alerts.rule.op")} {...form.field("op")} testId="rule-op">
        <Options values={ALERT_OPS} text={(op) => t(`live.alerts.ops.${op}`)} />
      </SelectField>
      <TextField
        label={t("live.alerts.rule.threshold")}
        inputMode="decimal"
        {...form.field("threshold")}
        testId="rule-threshold"
      />
      <TextField
        label={t("live.alerts.rule.window")}
        hint={t("live.alerts.rule.windowHint")}
        inputMode="numeric"
        {...form.field("windowSeconds")}
        testId="rule-window"
      />
      <SelectField
        label={t("live.alerts.rule.severity")}
        {...form.field("severity")}
        testId="rule-severity"
      >
        <Options values={ALERT_SEVERITIES} text={(severity) => t(`live.severity.${severity}`)} />
      </SelectField>
      {form.formError ? (
        <p
          role="alert"
          className={form.formErrorEchoesField ? "sr-only" : "text-error sm:col-span-2"}
          data-testid="rule-form-error"
        >
          {form.formError}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.submitting} data-testid="rule-submit">
          {t("live.alerts.rule.create")}
        </Button>
      </div>
    </form>
  );
}
