// The rules: each with its trigger, next run, budget use, last outcome, its own on/off switch, run now, edit, delete.
import type { ExecutionStatus } from "@aacos/domain/autonomous";
import type { AutonomousRuleView } from "@aacos/domain/replies";
import { useTranslation } from "react-i18next";
import { localeOf } from "../../lib/i18n";
import { useLanguage } from "../../lib/use-language";
import { Badge, type BadgeTone } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { LimitBar } from "../../ui/limit-bar";
import { Switch } from "../../ui/switch";

export const STATUS_TONES: Record<ExecutionStatus, BadgeTone> = {
  queued: "neutral",
  running: "primary",
  succeeded: "success",
  failed: "warning",
  skipped_budget: "warning",
  stopped_budget: "warning",
  dry_run: "neutral",
  killed: "warning",
};

const share = (used: number, limit: number) =>
  limit <= 0 ? 100 : Math.min(100, (used / limit) * 100);

/** How much of one of a rule's budgets is used: "used of max" in words, "used/max" beside the bar. */
function BudgetBar({
  used,
  max,
  text,
  testId,
}: {
  used: number;
  max: number;
  text: "runsUsed" | "tokensUsed";
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <LimitBar
      label={t(`autonomous.rules.${text}`, { used, max })}
      valueText={`${used}/${max}`}
      percent={share(used, max)}
      testId={testId}
    />
  );
}

export function RuleList({
  rules,
  killSwitchOn,
  busy,
  onToggle,
  onRunNow,
  onEdit,
  onDelete,
}: {
  rules: AutonomousRuleView[];
  killSwitchOn: boolean;
  busy: boolean;
  onToggle: (rule: AutonomousRuleView, enabled: boolean) => void;
  onRunNow: (rule: AutonomousRuleView) => void;
  onEdit: (rule: AutonomousRuleView) => void;
  onDelete: (rule: AutonomousRuleView) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  /** A rule's times read in its own time zone, as its cron expression is. */
  const formatIn = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone,
    }).format(new Date(iso));
  return (
    <ul className="flex flex-col gap-3" data-testid="rule-list">
      {rules.map((rule) => (
        <li key={rule.id}>
          <Card
            data-testid="rule-row"
            data-rule-id={rule.id}
            className={rule.enabled ? "" : "opacity-80"}
          >
            <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-bold text-fg" dir="auto">
                    {rule.name}
                  </h3>
                  {rule.dryRun ? (
                    <Badge tone="neutral">{t("autonomous.rules.dryRun")}</Badge>
                  ) : null}
                  {rule.enabled ? null : <Badge tone="warning">{t("autonomous.rules.off")}</Badge>}
                  {rule.lastExecution ? (
                    <Badge tone={STATUS_TONES[rule.lastExecution.status]}>
                      {t("autonomous.rules.lastRun", {
                        status: t(`autonomous.status.${rule.lastExecution.status}`),
                      })}
                    </Badge>
                  ) : (
                    <span className="text-xs text-fg-muted">{t("autonomous.rules.neverRan")}</span>
                  )}
                </div>
                <p className="text-sm text-fg-muted" data-testid="rule-trigger-summary">
                  {rule.trigger === "schedule" ? (
                    <>
                      <code dir="ltr" className="rounded bg-surface-muted px-1.5 py-0.5 text-fg">
                        {rule.cron}
                      </code>{" "}
                      <span dir="ltr">{rule.timeZone}</span> ·{" "}
                      {rule.nextRuns[0]
                        ? t("autonomous.rules.nextRun", {
                            time: formatIn(rule.nextRuns[0], rule.timeZone),
                          })
                        : t("autonomous.rules.noNextRun")}
                    </>
                  ) : (
                    <>
                      {t("autonomous.rules.onSignal", { kind: rule.signalKind })}
                      {rule.signalSource
                        ? ` ${t("autonomous.rules.fromSource", { source: rule.signalSource })}`
                        : ""}{" "}
                      {t("autonomous.rules.atLeast", {
                        severity: t(`autonomous.severity.${rule.signalMinSeverity}`),
                      })}
                    </>
                  )}
                  {" · "}
                  {t("autonomous.rules.entities", { count: rule.entityIds.length })}
                </p>
                <p className="line-clamp-2 text-sm text-fg" dir="auto">
                  {rule.prompt}
                </p>
              </div>
              <div className="w-full sm:w-56">
                <Switch
                  checked={rule.enabled}
                  disabled={busy}
                  onChange={(enabled) => onToggle(rule, enabled)}
                  label={t("autonomous.rules.ruleSwitch")}
                  testId="rule-switch"
                />
              </div>
            </div>
            <div className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="rule-budget">
              <BudgetBar
                used={rule.usage.runsLastHour}
                max={rule.maxRunsPerHour}
                text="runsUsed"
                testId="rule-runs-used"
              />
              <BudgetBar
                used={rule.usage.tokensLastDay}
                max={rule.maxTokensPerDay}
                text="tokensUsed"
                testId="rule-tokens-used"
              />
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={busy || killSwitchOn || !rule.enabled}
                onClick={() => onRunNow(rule)}
                data-testid="rule-run-now"
              >
                {t("autonomous.rules.runNow")}
              </Button>
              <Button variant="ghost" onClick={() => onEdit(rule)} data-testid="rule-edit">
                {t("autonomous.rules.edit")}
              </Button>
              <Button
                variant="ghost"
                className="text-error"
                onClick={() => onDelete(rule)}
                data-testid="rule-delete"
              >
                {t("autonomous.rules.delete")}
              </Button>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
