// What other features' events look like as signals: progression (the ProgressSignals seam), runs, syncs, quota refusals
// and security reports. Each hook elsewhere stays a line: it passes its event here and hands the result to notify().
import type { ProgressSignal, ProgressSignals } from "../progression/index.js";
import type { SignalInput, SignalService } from "./service.js";

/** The progression feature's signal seam, written to the signal hub. */
export function progressSignals(hub: Pick<SignalService, "notify">): ProgressSignals {
  return {
    publish(signal) {
      hub.notify(signal.userId, progressSignal(signal));
    },
  };
}

export function progressSignal(signal: ProgressSignal): SignalInput {
  const { type: _type, userId: _userId, ...data } = signal;
  const source = {
    rank_changed: "rank",
    milestone_reached: "milestone",
    quest_completed: "quest",
    daily_bonus: "daily-bonus",
    event_reward: "event",
  }[signal.type];
  return { kind: "progression", source, severity: "info", data };
}

/** A chat answer or a command-centre command finished (reported by the callbacks app.ts gives them). */
export function runSignal(action: "chatMessage" | "commandRun", key: string): SignalInput {
  return action === "chatMessage"
    ? { kind: "run", source: "chat", severity: "info", data: { messageId: key } }
    : { kind: "run", source: "command", severity: "info", data: { commandId: key } };
}

/** POST /aacos/universe/sync finished; a failed sync is a warning. */
export function syncSignal(run: {
  id: string;
  universeId: string | null;
  status: string;
  durationMs: number;
  error: string | null;
}): SignalInput {
  return {
    kind: "sync",
    source: "workspace",
    severity: run.status === "succeeded" ? "info" : "warning",
    data: {
      runId: run.id,
      universeId: run.universeId,
      status: run.status,
      durationMs: run.durationMs,
      error: run.error,
    },
  };
}

/** The metering plugin refused a call (429). */
export function quotaSignal(refusal: {
  reason: string;
  message: string;
  retryAfter: number;
}): SignalInput {
  return { kind: "quota", source: "metering", severity: "warning", data: refusal };
}

const QUOTA_SIGNAL_GAP_MS = 60_000;

/**
 * Quota refusals as signals, at most one per user and reason a minute in this process: a client that keeps
 * calling past its limit must not write a row per refused call.
 */
export function createQuotaSignaller(
  notify: (userId: string, signal: SignalInput) => unknown,
  now: () => number = Date.now,
) {
  const lastSent = new Map<string, number>();
  return (userId: string, refusal: { reason: string; message: string; retryAfter: number }) => {
    const key = `${userId}:${refusal.reason}`;
    const at = now();
    if (at - (lastSent.get(key) ?? 0) < QUOTA_SIGNAL_GAP_MS) return;
    lastSent.set(key, at);
    if (lastSent.size > 10_000) {
      for (const [entry, sentAt] of lastSent)
        if (at - sentAt >= QUOTA_SIGNAL_GAP_MS) lastSent.delete(entry);
    }
    notify(userId, quotaSignal(refusal));
  };
}

/** A security event or incident the browser reported for the signed-in user. */
export function securitySignal(
  level: "event" | "incident",
  report: { activity: string; count: number },
): SignalInput {
  return {
    kind: "security",
    source: level === "event" ? "browser-event" : "browser-incident",
    severity: level === "event" ? "warning" : "critical",
    data: { activity: report.activity, count: report.count },
  };
}
