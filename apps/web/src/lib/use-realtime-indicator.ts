// The props of the shared connection indicator for the tab's realtime socket, in the current language.
import { useTranslation } from "react-i18next";
import { translateMessage } from "./messages";
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
    // The server's close reason in the interface language (4429: the plan's limit, with the number).
    detail:
      status.state === "connected" || status.reason === null
        ? null
        : translateMessage(t, status.reason),
    limitReached,
    retry: () => realtime().retry(),
  };
}
