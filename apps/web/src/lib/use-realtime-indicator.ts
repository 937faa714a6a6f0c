// The props of the shared connection indicator for the tab's realtime socket, in the current language.
import type { TFunction } from "i18next";
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

/**
 * Why the server closed the socket, by its close code (the web's own texts, never the close reason's English): 4429
 * the plan's limit, whose number is the reason's one parameter; 4401 a ticket or access that no longer holds; 1001
 * and 1011 the server's own going away.
 */
export function closeText(t: TFunction, code: number | null, reason: string | null): string | null {
  if (code === 4429) return t("live.closed.tooMany", { n: /\d+$/.exec(reason ?? "")?.[0] ?? "" });
  if (code === 4401) return t("live.closed.signIn");
  if (code === 1001 || code === 1011) return t("live.closed.server");
  return null;
}

export function useRealtimeIndicator(): RealtimeIndicatorProps {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const limitReached = status.state === "closed" && status.code === 4429;
  return {
    state: status.state,
    label: t(`live.status.${status.state}`),
    detail: status.state === "connected" ? null : closeText(t, status.code, status.reason),
    limitReached,
    retry: () => realtime().retry(),
  };
}
