// Suspicious activity seen in the browser (docs/product.md §3, §7): each occurrence goes to POST /api/security/events, and more
// than 5 repeats of one activity in this page send an incident to POST /api/security/incidents.
import { SUSPICIOUS_ACTIVITY } from "@aacos/domain/validation";
import { postReport } from "./report-transport";

export const SECURITY_ACTIVITIES = {
  /** The API client refused a host outside the allowlist. */
  blockedHost: "blocked_host_request",
  /** A secure-storage item failed its checksum or would not decrypt. */
  tamperedSecureItem: "secure_item_tampered",
  /** 401 or 403 replies in quick succession. */
  repeatedUnauthorized: "repeated_unauthorized",
} as const;
export type SecurityActivity = (typeof SECURITY_ACTIVITIES)[keyof typeof SECURITY_ACTIVITIES];

export interface SecurityReporterOptions {
  send: (path: "/security/events" | "/security/incidents", body: unknown) => Promise<number>;
  now?: () => number;
}

export interface SecurityReporter {
  /** Reports one occurrence; returns how many of this activity the page has seen. */
  report: (activity: string, data?: Record<string, unknown>) => number;
  /** Counts a 401/403 reply; from the third within a minute it is reported as repeated_unauthorized. */
  deniedReply: (status: number, path: string) => void;
}

const DENIED_WINDOW_MS = 60_000;
const DENIED_REPORT_FROM = 3;

export function createSecurityReporter(options: SecurityReporterOptions): SecurityReporter {
  const now = options.now ?? Date.now;
  const counts = new Map<string, number>();
  let denied: number[] = [];

  const report: SecurityReporter["report"] = (activity, data) => {
    const count = (counts.get(activity) ?? 0) + 1;
    counts.set(activity, count);
    const timestamp = new Date(now()).toISOString();
    void options.send("/security/events", { activity, count, data, timestamp });
    // One incident when the repeats first exceed the threshold, then one per further threshold's worth.
    if (
      count > SUSPICIOUS_ACTIVITY.incidentAfterRepeats &&
      (count - 1) % SUSPICIOUS_ACTIVITY.incidentAfterRepeats === 0
    ) {
      void options.send("/security/incidents", { activity, count, data, timestamp });
    }
    return count;
  };

  return {
    report,
    deniedReply(status, path) {
      const at = now();
      denied = [...denied.filter((time) => at - time < DENIED_WINDOW_MS), at];
      if (denied.length >= DENIED_REPORT_FROM) {
        report(SECURITY_ACTIVITIES.repeatedUnauthorized, {
          status,
          path,
          inLastMinute: denied.length,
        });
      }
    },
  };
}

export const securityReporter: SecurityReporter = createSecurityReporter({ send: postReport });
