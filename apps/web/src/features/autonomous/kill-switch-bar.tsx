// The instance-wide kill switch, always in view (sticky at the bottom of the screen): its state, who changed it when,
// and a button that asks for confirmation before stopping (or resuming) every autonomous run.
import type { KillSwitchView } from "@aacos/domain/replies";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/dialog";
import { Icon } from "../../ui/icon";
import { autonomousApi, autonomousKeys } from "./api";

export function KillSwitchBar({ onChanged }: { onChanged: (engaged: boolean) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const state = useQuery({
    queryKey: autonomousKeys.killSwitch,
    queryFn: ({ signal }) => autonomousApi.killSwitch(signal),
    // Another admin may flip it; a minute keeps within the smallest plan's call budget.
    refetchInterval: 60_000,
  });
  const change = useMutation({
    mutationFn: (engaged: boolean) => autonomousApi.setKillSwitch(engaged),
    onSuccess: async (view: KillSwitchView) => {
      queryClient.setQueryData(autonomousKeys.killSwitch, view);
      setConfirming(false);
      onChanged(view.engaged);
      await queryClient.invalidateQueries({ queryKey: autonomousKeys.all });
    },
  });
  const engaged = state.data?.engaged === true;

  return (
    <section
      aria-label={t("autonomous.killSwitch.label")}
      data-testid="kill-switch-bar"
      data-engaged={engaged}
      className={`sticky bottom-3 z-20 mt-8 flex flex-wrap items-center gap-3 rounded-2xl border px-5 py-3 ps-20 shadow-card backdrop-blur lg:ps-5 ${
        engaged ? "border-error bg-surface/95" : "border-border bg-surface/95"
      }`}
    >
      <span
        aria-hidden="true"
        className={`flex size-9 shrink-0 items-center justify-center rounded-full ${engaged ? "bg-error text-white" : "bg-surface-muted text-fg-muted"}`}
      >
        <Icon name="shield" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-bold text-fg">{t("autonomous.killSwitch.label")}</span>
        <span
          role="status"
          className={`text-sm ${engaged ? "font-semibold text-error" : "text-fg-muted"}`}
          data-testid="kill-switch-state"
        >
          {state.isPending
            ? t("autonomous.loading")
            : state.isError
              ? t("autonomous.loadFailed")
              : t(engaged ? "autonomous.killSwitch.onState" : "autonomous.killSwitch.offState")}
          {state.data?.changedAt
            ? ` · ${t("autonomous.killSwitch.changed", { time: formatDate(state.data.changedAt) })}`
            : ""}
        </span>
        {change.isError ? (
          <span role="alert" className="text-sm font-semibold text-error">
            {errorText(t, change.error)}
          </span>
        ) : null}
      </div>
      <Button
        className={engaged ? "" : "bg-error text-white hover:bg-error"}
        variant={engaged ? "secondary" : "primary"}
        disabled={state.isPending || state.isError}
        onClick={() => setConfirming(true)}
        data-testid="kill-switch-toggle"
      >
        {t(engaged ? "autonomous.killSwitch.release" : "autonomous.killSwitch.engage")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t(
          engaged ? "autonomous.killSwitch.releaseTitle" : "autonomous.killSwitch.engageTitle",
        )}
        body={t(engaged ? "autonomous.killSwitch.releaseBody" : "autonomous.killSwitch.engageBody")}
        confirmLabel={t(
          engaged ? "autonomous.killSwitch.releaseConfirm" : "autonomous.killSwitch.engageConfirm",
        )}
        danger={!engaged}
        cancelLabel={t("autonomous.rules.cancel")}
        pending={change.isPending}
        onConfirm={() => change.mutate(!engaged)}
        onClose={() => setConfirming(false)}
        testId="kill-switch-dialog"
      />
    </section>
  );
}
