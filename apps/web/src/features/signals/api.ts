// Calls of the signals screen (GET /api/signals: the newest page, then older pages by cursor) and their keys.
import type { SignalPage } from "@aacos/domain/replies";
import { apiGet } from "../../lib/api-client";

export const SIGNAL_PAGE_SIZE = 50;

export const signalKeys = {
  /** The newest page: what the live stream starts from. */
  newest: ["signals", "newest"] as const,
};

export const signalsApi = {
  /** A page of signals, newest first; `after` is the cursor of the page before. */
  page: (after: number | null, signal?: AbortSignal) =>
    apiGet<SignalPage>(
      `/signals?limit=${SIGNAL_PAGE_SIZE}${after === null ? "" : `&after=${after}`}`,
      signal,
    ),
};
