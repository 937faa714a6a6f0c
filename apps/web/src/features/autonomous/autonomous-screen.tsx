// /ai/autonomous-control and /autonomous-control: rules that run commands on a schedule or a signal (list, editor,
// per-rule switch, run now), the history of every firing, and the global kill switch kept in view at the bottom.
import { checkAccess, ROUTE_ACCESS } from "@aacos/domain/access";
import type { AutonomousRuleBody } from "@aacos/domain/autonomous";
import type { AutonomousRuleView } from "@aacos/domain/replies";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { errorText } from "../../lib/messages";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ConfirmDialog } from "../../ui/dialog";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { TitledSection } from "../../ui/titled-section";
import { autonomousApi, autonomousKeys } from "./api";
import { ExecutionHistory } from "./execution-history";
import { KillSwitchBar } from "./kill-switch-bar";
import { LoadFailed } from "./load-failed";
import { RuleEditor } from "./rule-editor";
import { RuleList } from "./rule-list";

type Editing = { mode: "closed" } | { mode: "create" } | { mode: "edit"; rule: AutonomousRuleView };

export function AutonomousScreen() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  // The server refuses everyone but admins and developers; the browser says so instead of asking.
  const allowed =
    user !== null && checkAccess(user, ROUTE_ACCESS["/autonomous-control"]) === "allowed";
  if (!allowed) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8" data-testid="autonomous-screen">
        <PageHeading title={t("autonomous.title")} lead={t("autonomous.lead")} />
        <EmptyState
          icon="lock"
          title={t("autonomous.restrictedTitle")}
          body={t("autonomous.restrictedBody")}
          testId="autonomous-restricted"
        />
      </div>
    );
  }
  return <AutonomousControl />;
}

function AutonomousControl() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>({ mode: "closed" });
  const [deleting, setDeleting] = useState<AutonomousRuleView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useQuery({
    queryKey: autonomousKeys.rules,
    queryFn: ({ signal }) => autonomousApi.rules(signal),
    // Soon again while a rule's last run is queued or running (its outcome and budget use change).
    refetchInterval: (query) =>
      query.state.data?.some(
        (rule) =>
          rule.lastExecution?.status === "queued" || rule.lastExecution?.status === "running",
      )
        ? 1500
        : 60_000,
  });
  const killSwitch = useQuery({
    queryKey: autonomousKeys.killSwitch,
    queryFn: ({ signal }) => autonomousApi.killSwitch(signal),
  });

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setNotice(null);
    setActionError(null);
    try {
      await action();
      setNotice(done);
    } catch (error) {
      setActionError(errorText(t, error));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: autonomousKeys.all });
    }
  };

  const save = async (body: AutonomousRuleBody) => {
    if (editing.mode === "edit") await autonomousApi.update(editing.rule.id, body);
    else await autonomousApi.create(body);
    setNotice(t(editing.mode === "edit" ? "autonomous.editor.saved" : "autonomous.editor.created"));
    setActionError(null);
    setEditing({ mode: "closed" });
    await queryClient.invalidateQueries({ queryKey: autonomousKeys.all });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid="autonomous-screen">
      <PageHeading title={t("autonomous.title")} lead={t("autonomous.lead")} />
      <div aria-live="polite" className="mb-4 flex flex-col gap-2 empty:hidden">
        {notice ? <FormNotice testId="autonomous-notice">{notice}</FormNotice> : null}
        {actionError ? <FormAlert testId="autonomous-error">{actionError}</FormAlert> : null}
      </div>

      <TitledSection
        title={t("autonomous.rules.title")}
        action={
          editing.mode === "closed" ? (
            <Button
              className="ms-auto"
              onClick={() => setEditing({ mode: "create" })}
              data-testid="rule-new"
            >
              {t("autonomous.rules.new")}
            </Button>
          ) : null
        }
      >
        {editing.mode !== "closed" ? (
          <Card className="mb-4">
            <RuleEditor
              key={editing.mode === "edit" ? editing.rule.id : "new"}
              rule={editing.mode === "edit" ? editing.rule : undefined}
              onSave={save}
              onCancel={() => setEditing({ mode: "closed" })}
            />
          </Card>
        ) : null}
        {rules.isPending ? (
          <Loader message={t("autonomous.loading")} />
        ) : rules.isError ? (
          <LoadFailed onRetry={() => void rules.refetch()} />
        ) : rules.data.length === 0 ? (
          editing.mode === "closed" ? (
            <EmptyState
              icon="bot"
              title={t("autonomous.rules.emptyTitle")}
              body={t("autonomous.rules.emptyBody")}
              testId="rules-empty"
              action={
                <Button onClick={() => setEditing({ mode: "create" })} data-testid="rule-new-empty">
                  {t("autonomous.rules.new")}
                </Button>
              }
            />
          ) : null
        ) : (
          <RuleList
            rules={rules.data}
            killSwitchOn={killSwitch.data?.engaged === true}
            busy={busy}
            onToggle={(rule, enabled) =>
              void act(
                () => autonomousApi.setEnabled(rule.id, enabled),
                t(enabled ? "autonomous.notices.enabled" : "autonomous.notices.disabled"),
              )
            }
            onRunNow={(rule) =>
              void act(() => autonomousApi.runNow(rule.id), t("autonomous.notices.runQueued"))
            }
            onEdit={(rule) => setEditing({ mode: "edit", rule })}
            onDelete={(rule) => setDeleting(rule)}
          />
        )}
      </TitledSection>

      <ExecutionHistory />

      <ConfirmDialog
        open={deleting !== null}
        title={t("autonomous.rules.deleteTitle")}
        body={t("autonomous.rules.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("autonomous.rules.deleteConfirm")}
        danger
        cancelLabel={t("autonomous.rules.cancel")}
        pending={busy}
        onConfirm={() => {
          const rule = deleting;
          setDeleting(null);
          if (rule !== null) {
            void act(() => autonomousApi.remove(rule.id), t("autonomous.notices.deleted"));
          }
        }}
        onClose={() => setDeleting(null)}
        testId="rule-delete-dialog"
      />

      <KillSwitchBar
        onChanged={(engaged) => {
          setActionError(null);
          setNotice(
            t(engaged ? "autonomous.killSwitch.engaged" : "autonomous.killSwitch.released"),
          );
        }}
      />
    </div>
  );
}
