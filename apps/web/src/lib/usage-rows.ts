// What the usage panel shows: each limit of GET /api/usage/me and the storage of GET /api/files as a bar, with resets
// counted down every second. Usage (unmetered) refreshes every 15 s while the page is visible; the file list is a
// metered call, so it is read once and again after uploads and deletions, never polled against the user's quota.
import { RATE_WINDOWS, UNLIMITED } from "@aacos/domain/catalog";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useByteFormat } from "./format-bytes";
import { useShownLimits } from "./limit-sources";
import { type FileList, type Usage, useFiles, usePlan, useUsage } from "./plan-queries";
import { useFormatters } from "./use-language";

/** One bar of the usage panel (ui/usage-panel draws it). */
export interface UsageRowData {
  key: string;
  label: string;
  /** "3 of 10", or the unlimited form. */
  valueText: string;
  /** 0..100; 0 for an unlimited row. */
  percent: number;
  /** A line under the bar: the reset countdown, or what the limit means. */
  note?: string;
  /** Where the limit comes from: "From your plan (Quantum)". */
  source?: string;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** 42 → "0:42", 3725 → "1:02:05". */
export function countdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

/**
 * The countdown to a window's reset, never longer than the window: `now` ticks once a second, so a reply newer
 * than the last tick would otherwise count a minute down from 1:01.
 */
export function resetCountdown(resetAt: number, now: number, windowSeconds: number): string {
  return countdown(Math.min(windowSeconds, (resetAt - now) / 1000));
}

function percentOf(used: number, limit: number): number {
  if (limit === UNLIMITED || limit <= 0) return 0;
  return Math.min(100, (used / limit) * 100);
}

export function useUsageRows(): {
  rows: UsageRowData[];
  usage: Usage | undefined;
  files: FileList | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
} {
  const { t } = useTranslation();
  const format = useFormatters();
  const bytes = useByteFormat();
  const usage = useUsage();
  const files = useFiles();
  const now = useNow(1000);
  const plan = usePlan();
  const shown = useShownLimits();
  // The numbers come from the server's reply (what it enforces); the side each comes from from the same domain rule.
  const sourceOf = (limit: keyof Usage["limits"]): string | undefined => {
    if (!plan.data) return undefined;
    const inForce = shown.inWorld(plan.data.world)[limit];
    return shown.sourceText(inForce, plan.data.world);
  };

  const rows: UsageRowData[] = [];
  const data = usage.data;
  if (data) {
    for (const { name: window, seconds, limit } of RATE_WINDOWS) {
      const cap = data.limits[limit];
      const used = data.counts[window];
      const resetAt = Date.parse(data.resets[window]);
      rows.push({
        key: `calls-${window}`,
        label: t(`usage.rows.${window}`),
        valueText:
          cap === UNLIMITED
            ? t("usage.usedUnlimited", { used: format.number(used) })
            : t("usage.ofLimit", { used: format.number(used), limit: format.number(cap) }),
        percent: percentOf(used, cap),
        note:
          cap === UNLIMITED || Number.isNaN(resetAt)
            ? undefined
            : t("usage.resetsIn", { time: resetCountdown(resetAt, now, seconds) }),
        source: sourceOf(limit),
      });
    }
    const concurrent = data.limits.maxConcurrentRequests;
    rows.push({
      key: "concurrent",
      label: t("usage.rows.concurrent"),
      valueText:
        concurrent === UNLIMITED
          ? t("usage.usedUnlimited", { used: format.number(data.counts.concurrent) })
          : t("usage.ofLimit", {
              used: format.number(data.counts.concurrent),
              limit: format.number(concurrent),
            }),
      percent: percentOf(data.counts.concurrent, concurrent),
      note: t("usage.concurrentNote"),
      source: sourceOf("maxConcurrentRequests"),
    });
  }
  if (files.data) {
    const { usedBytes, limitBytes } = files.data;
    rows.push({
      key: "storage",
      label: t("usage.rows.storage"),
      valueText:
        limitBytes === UNLIMITED
          ? t("usage.usedUnlimited", { used: bytes(usedBytes) })
          : t("usage.ofLimit", { used: bytes(usedBytes), limit: bytes(limitBytes) }),
      percent: percentOf(usedBytes, limitBytes),
      note: t("usage.filesCount", { count: files.data.items.length }),
      source: sourceOf("maxStorageGB"),
    });
  }
  return {
    rows,
    usage: usage.data,
    files: files.data,
    isPending: usage.isPending || files.isPending,
    isError: usage.isError && files.isError,
    refetch: () => {
      void usage.refetch();
      void files.refetch();
    },
  };
}
