// Toasts for what the user's own actions earned: every new read of GET /api/progress/me (after an action invalidates
// it) is compared with the one before — "+15 XP", "New rank: Explorer", "Milestone reached: 500 XP", "Daily bonus".
// The first read of a visit only sets the baseline. Mounted once by the app shell.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ProgressRecord, progressKeys } from "../../lib/progress-query";
import { useFormatters } from "../../lib/use-language";
import { type Toast, ToastRegion } from "../../ui/toast-region";
import { type ProgressChange, progressChanges } from "./progress-changes";

export const TOAST_MS = 6000;

function isProgressRecord(value: unknown): value is ProgressRecord {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ProgressRecord).experience === "number" &&
    Array.isArray((value as ProgressRecord).achievedMilestones)
  );
}

/** `held`: new toasts wait (the celebration of a move up is on screen) and show when it leaves. */
export function ProgressToasts({ held = false }: { held?: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const client = useQueryClient();
  const [toasts, setToasts] = useState<(Toast & { change: ProgressChange })[]>([]);
  const waiting = useRef<(Toast & { change: ProgressChange })[]>([]);
  const heldRef = useRef(held);
  heldRef.current = held;
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const close = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (added: (Toast & { change: ProgressChange })[]) => {
      setToasts((shown) => [...shown, ...added].slice(-5));
      for (const toast of added) {
        timers.current.set(
          toast.id,
          setTimeout(() => close(toast.id), TOAST_MS),
        );
      }
    },
    [close],
  );

  const shownRef = useRef(toasts);
  shownRef.current = toasts;

  // Held: toasts on screen step back and wait too (the XP of a move up arrives just before its celebration).
  // Released: what waited shows now, each for its full time.
  useEffect(() => {
    if (held) {
      const shown = shownRef.current;
      if (shown.length === 0) return;
      for (const toast of shown) {
        clearTimeout(timers.current.get(toast.id));
        timers.current.delete(toast.id);
      }
      waiting.current = [...shown, ...waiting.current].slice(-5);
      setToasts([]);
      return;
    }
    if (waiting.current.length === 0) return;
    const released = waiting.current;
    waiting.current = [];
    show(released);
  }, [held, show]);

  useEffect(() => {
    const cache = client.getQueryCache();
    const key = JSON.stringify(progressKeys.me);
    let last: ProgressRecord | null = null;
    const seen = cache.find({ queryKey: progressKeys.me, exact: true })?.state.data;
    if (isProgressRecord(seen)) last = seen;
    const unsubscribe = cache.subscribe((event) => {
      if (JSON.stringify(event.query.queryKey) !== key) return;
      // A removed query (sign-out, another user) starts a new baseline.
      if (event.type === "removed") {
        last = null;
        return;
      }
      if (event.type !== "updated" || event.action.type !== "success") return;
      const data: unknown = event.query.state.data;
      if (!isProgressRecord(data)) return;
      const previous = last;
      last = data;
      if (previous === null) return;
      const changes = progressChanges(previous, data);
      if (changes.length === 0) return;
      const added = changes.map((change) => ({ id: nextId.current++, change, text: "" }));
      if (heldRef.current) waiting.current = [...waiting.current, ...added].slice(-5);
      else show(added);
    });
    const pending = timers.current;
    return () => {
      unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [client, show]);

  const text = (change: ProgressChange): string => {
    switch (change.kind) {
      case "xp":
        return t("progress.toasts.xp", { xp: format.number(change.xp) });
      case "rank":
        return t("progress.toasts.rank", { rank: t(`tiers.ranks.${change.rank}`) });
      case "milestone":
        return t("progress.toasts.milestone", { xp: format.number(change.threshold) });
      case "bonus":
        return t("progress.toasts.bonus", { tokens: format.number(change.tokens) });
    }
  };

  return (
    <ToastRegion
      label={t("progress.toasts.region")}
      closeLabel={t("progress.toasts.close")}
      onClose={close}
      toasts={toasts.map((toast) => ({
        id: toast.id,
        // Texts follow the language even after the toast appeared.
        text: text(toast.change),
        tone: toast.change.kind === "xp" ? "accent" : "success",
        testId: `toast-${toast.change.kind}`,
      }))}
    />
  );
}
