// /alerts: open / acknowledged / resolved tabs with acknowledge and resolve, the user's rules (test-fire, silence,
// delete) and the rule editor. New alerts arrive on the `alerts` topic; lists are fetched on mount and after actions.
import type { AlertRuleBody } from "@aacos/domain/validation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { OutcomeLine } from "../../lib/outcome-line";
import { realtime } from "../../lib/realtime";
import { alertRuleText, alertTexts } from "../../lib/server-words";
import { useFormatters } from "../../lib/use-language";
import { useRealtimeIndicator } from "../../lib/use-realtime-indicator";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { LiveIndicator } from "../../ui/live-toolbar";
import { PageHeading } from "../../ui/page-heading";
import { ListLines } from "../../ui/paged-list";
import { type AlertStatus, type AlertView, alertsApi } from "./api";
import { RuleForm } from "./rule-form";

const TABS: readonly AlertStatus[] = ["open", "acknowledged", "resolved"];
const SILENCE_MINUTES = 60;

/**
 * An alert's buttons, each named as its call and its label (`live.alerts.<action>`): acknowledge while open, resolve
 * until resolved.
 */
function alertActions(status: string): ("acknowledge" | "resolve")[] {
  if (status === "open") return ["acknowledge", "resolve"];
  return status === "resolved" ? [] : ["resolve"];
}

/** A rule's buttons: each one's call and the notice after it (its label is `live.alerts.<action>`). */
const RULE_ACTIONS = {
  test: { call: (id: string) => alertsApi.test(id), done: "live.alerts.tested" },
  silence: {
    call: (id: string) => alertsApi.silence(id, SILENCE_MINUTES),
    done: "live.alerts.silenced",
  },
  delete: { call: (id: string) => alertsApi.deleteRule(id), done: "live.alerts.deleted" },
} as const;

/** A built-in rule can be tested and silenced, not deleted. */
function ruleActions(rule: { builtIn: boolean }): (keyof typeof RULE_ACTIONS)[] {
  return rule.builtIn ? ["test", "silence"] : ["test", "silence", "delete"];
}

const alertsKey = (status: AlertStatus) => ["alerts", status] as const;
const RULES_KEY = ["alert-rules"] as const;

export function AlertsScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const formatDate = useDateFormat();
  const live = useRealtimeIndicator();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<AlertStatus>("open");
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const alerts = useQuery({
    queryKey: alertsKey(tab),
    queryFn: ({ signal }) => alertsApi.list(tab, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rules = useQuery({
    queryKey: RULES_KEY,
    queryFn: ({ signal }) => alertsApi.rules(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(
    () =>
      realtime().subscribe("alerts", (message) => {
        const alert = message.alert as AlertView | undefined;
        if (alert === undefined || typeof alert.id !== "string") return;
        for (const status of TABS) {
          queryClient.setQueryData<AlertView[]>(alertsKey(status), (list) => {
            if (list === undefined) return list;
            const rest = list.filter((item) => item.id !== alert.id);
            return alert.status === status ? [alert, ...rest] : rest;
          });
        }
      }),
    [queryClient],
  );

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setActionError(null);
    setNotice(null);
    try {
      await action();
      if (done) setNotice(done);
      await queryClient.invalidateQueries({ queryKey: ["alerts"] });
    } catch (error) {
      setActionError(errorText(t, error));
    }
  };

  const runOnRule = async (action: () => Promise<unknown>, done: string) => {
    await run(action, done);
    await queryClient.invalidateQueries({ queryKey: RULES_KEY });
  };

  const createRule = async (body: AlertRuleBody) => {
    await alertsApi.createRule(body);
    setNotice(t("live.alerts.rule.created"));
    await queryClient.invalidateQueries({ queryKey: RULES_KEY });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid="alerts-screen">
      <PageHeading title={t("live.alerts.title")} lead={t("live.alerts.lead")} />
      <div className="mb-4">
        <LiveIndicator live={live} />
      </div>
      <OutcomeLine kind="error" text={actionError} testId="alerts-error" />
      <OutcomeLine kind="notice" text={notice} testId="alerts-notice" />
      <div role="tablist" aria-label={t("live.alerts.title")} className="mb-4 flex gap-2">
        {TABS.map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            aria-selected={tab === status}
            className={`rounded-xl px-4 py-2 text-sm font-semibold ${tab === status ? "bg-accent text-on-accent" : "border border-border bg-surface text-fg"}`}
            onClick={() => setTab(status)}
            data-testid={`alerts-tab-${status}`}
          >
            {t(`live.alerts.tabs.${status}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" data-testid="alerts-list">
        <ListLines
          pending={alerts.isPending}
          failed={alerts.isError}
          items={alerts.data}
          texts={{
            loading: t("live.loading"),
            failed: t("live.loadFailed"),
            empty: t("live.alerts.empty"),
          }}
          emptyTestId="alerts-empty"
        >
          {(items) => (
            <ul className="flex flex-col gap-3">
              {items.map((alert) => {
                const texts = alertTexts(t, alert, format.number);
                return (
                  <li key={alert.id}>
                    <Card data-testid="alert-row" data-alert-id={alert.id}>
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="text-xs font-bold text-warning">
                          {t(`live.severity.${severityKey(alert.severity)}`)}
                        </span>
                        <span className="font-semibold text-fg">{texts.rule}</span>
                        {alert.test ? (
                          <span className="text-xs text-fg-muted">
                            {t("live.alerts.testBadge")}
                          </span>
                        ) : null}
                        <span className="ms-auto text-xs text-fg-muted">
                          {formatDate(alert.createdAt)}
                        </span>
                      </div>
                      <p className="mt-2 text-fg">{texts.message}</p>
                      {texts.suggestedAction ? (
                        <p className="mt-1 text-sm text-fg-muted">{texts.suggestedAction}</p>
                      ) : null}
                      <div className="mt-3 flex gap-2">
                        {alertActions(alert.status).map((action) => (
                          <Button
                            key={action}
                            variant="secondary"
                            onClick={() => void run(() => alertsApi[action](alert.id))}
                            data-testid={`alert-${action}`}
                          >
                            {t(`live.alerts.${action}`)}
                          </Button>
                        ))}
                      </div>
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </ListLines>
      </div>

      <h2 className="mt-10 mb-3 text-xl font-bold text-fg">{t("live.alerts.rules")}</h2>
      {rules.data && rules.data.length > 0 ? (
        <ul className="mb-6 flex flex-col gap-2" data-testid="rules-list">
          {rules.data.map((rule) => (
            <li
              key={rule.id}
              className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-surface px-4 py-2"
              data-testid="rule-row"
            >
              <span className="font-semibold text-fg">{alertRuleText(t, rule)}</span>
              <span className="text-sm text-fg-muted" dir="ltr">
                {rule.metric} {t(`live.alerts.ops.${opKey(rule.op)}`)} {rule.threshold}
              </span>
              {rule.silencedUntil && new Date(rule.silencedUntil).getTime() > Date.now() ? (
                <span className="text-xs text-fg-muted" data-testid="rule-silenced">
                  {t("live.alerts.silencedUntil", { time: formatDate(rule.silencedUntil) })}
                </span>
              ) : null}
              <span className="ms-auto flex gap-2">
                {ruleActions(rule).map((action) => (
                  <Button
                    key={action}
                    variant="ghost"
                    onClick={() =>
                      void runOnRule(
                        () => RULE_ACTIONS[action].call(rule.id),
                        t(RULE_ACTIONS[action].done),
                      )
                    }
                    data-testid={`rule-${action}`}
                  >
                    {t(`live.alerts.${action}`, { minutes: SILENCE_MINUTES })}
                  </Button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Card>
        <h3 className="mb-3 text-lg font-bold text-fg">{t("live.alerts.rule.title")}</h3>
        <RuleForm onCreate={createRule} />
      </Card>
    </div>
  );
}

function severityKey(severity: string): "info" | "warning" | "critical" {
  return severity === "info" || severity === "critical" ? severity : "warning";
}

function opKey(op: string): "gt" | "gte" | "lt" | "lte" {
  return op === "gte" || op === "lt" || op === "lte" ? op : "gt";
}
