// The live screens' top row: the realtime connection's state (with the upgrade hint when the plan's limit closed it)
// and, for the screens that stream, what they add beside the Pause/Resume button.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RealtimeIndicatorProps } from "../lib/use-realtime-indicator";
import { Button } from "./button";
import { ConnectionIndicator } from "./connection-indicator";

export function LiveIndicator({ live }: { live: RealtimeIndicatorProps }) {
  const { t } = useTranslation();
  return (
    <ConnectionIndicator
      state={live.state}
      label={live.label}
      detail={live.detail}
      upgrade={live.limitReached ? { text: t("live.upgradeHint"), to: "/tiers" } : undefined}
    />
  );
}

export function LiveToolbar({
  live,
  paused,
  onTogglePause,
  pauseTestId,
  children,
}: {
  live: RealtimeIndicatorProps;
  paused: boolean;
  onTogglePause: () => void;
  pauseTestId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <LiveIndicator live={live} />
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <Button
          variant="secondary"
          onClick={onTogglePause}
          aria-pressed={paused}
          data-testid={pauseTestId}
        >
          {paused ? t("live.resume") : t("live.pause")}
        </Button>
      </div>
    </div>
  );
}
