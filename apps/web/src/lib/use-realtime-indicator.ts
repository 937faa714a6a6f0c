// The props of the shared connection indicator for the tab's realtime socket, in the current language.
import { useTranslation } from "react-i18next";
import { type RealtimeStatus, realtime, useRealtimeStatus } from "./realtime";

export interface RealtimeIndicatorProps {
  state: RealtimeStatus["state"];
  label: string;
  detail: string | null;
  /** 4429: the plan's connection limit was reached; the screen shows the upgrade hint. */
  limitReached: boolean;
  retry: () => void;
}

export function useRealtimeIndicator(): RealtimeIndicatorProps {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const limitReached = status.state === "closed" && status.code === 4429;
  return {
    state: status.state,
    label: t(`live.status.${status.state}`),
    detail: status.state === "connected" ? null : status.reason,
    limitReached,
    retry: () => realtime().retry(),
  };
}
