// Error reporting (docs/product.md §3, §7, §8, §9): reports with context, user, consciousness values and the last 50
// breadcrumbs, docs/product.md §8's filters and redaction, batched to POST /api/errors at 10 queued or after 1 s, and kept in
// local storage (retried) while offline. createErrorReporter is the testable core; `errorReporter` is the app's one.
import {
  type Breadcrumb,
  ERROR_REPORT_LIMITS,
  type ErrorReport,
  REDACTED,
  scrubSecrets,
} from "@aacos/domain/validation";
import { APP_CONFIG } from "./app-config";
import { useAuthStore } from "./auth-store";
import { useConsciousnessStore } from "./consciousness-store";
import { deviceProfile } from "./device-profile";
import { postReport } from "./report-transport";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

export type { Breadcrumb, ErrorReport };

export const FLUSH_AT = ERROR_REPORT_LIMITS.reportsPerBatch;
export const FLUSH_AFTER_MS = 1000;
/** After a failed delivery (server down), the next try; going back online tries at once. */
export const RETRY_AFTER_MS = 30_000;
/** Undelivered reports kept at most (the oldest go first). */
export const QUEUE_LIMIT = 100;

/** docs/product.md §8: dropped outright (Chrome words the same benign ResizeObserver notice differently). */
const DROPPED_MESSAGES = [
  "ResizeObserver loop limit exceeded",
  "ResizeObserver loop completed with undelivered notifications",
];
/** docs/product.md §8: ignored (the network's fault or not an Error at all). */
const IGNORED_MESSAGES = [
  "NetworkError",
  "Failed to fetch",
  "Non-Error promise rejection captured",
];
/** docs/product.md §8: errors thrown by browser-extension scripts are not ours. */
const EXTENSION_SCRIPT = /\b(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i;

/** Whether an error passes docs/product.md §8's filters. */
export function isReportable(error: { message: string; stack?: string; source?: string }): boolean {
  const { message } = error;
  if (DROPPED_MESSAGES.some((text) => message.includes(text))) return false;
  if (IGNORED_MESSAGES.some((text) => message.includes(text))) return false;
  return !EXTENSION_SCRIPT.test(`${error.source ?? ""}\n${error.stack ?? ""}`);
}

const PASSWORD_KEY = /pass(word|wd)?$/i;

function redactPasswords(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (Array.isArray(value)) return value.map((item) => redactPasswords(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = PASSWORD_KEY.test(key) ? REDACTED : redactPasswords(item, depth + 1);
  }
  return copy;
}

/**
 * docs/product.md §8: console debug breadcrumbs are dropped (null) and password fields in the data become "[REDACTED]"
 * (with every other secret-looking key and token, by the domain's scrubber).
 */
export function filterBreadcrumb(crumb: Breadcrumb): Breadcrumb | null {
  if (crumb.category === "console" && crumb.level === "debug") return null;
  const cleaned: Breadcrumb = { ...crumb };
  if (cleaned.message !== undefined) cleaned.message = clip(cleaned.message, 2000);
  if (crumb.data !== undefined) {
    cleaned.data = scrubSecrets(redactPasswords(crumb.data) as Record<string, unknown>);
  }
  return cleaned;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export interface ReportExtras {
  context?: ErrorReport["context"];
  user?: ErrorReport["user"];
  consciousness?: ErrorReport["consciousness"];
}

export interface ErrorReporterOptions {
  /** Delivers one batch; resolves with the HTTP status (0: no reply). */
  send: (reports: ErrorReport[]) => Promise<number>;
  /** Where undelivered reports are kept between pages (null: memory only). */
  store?: { read: () => string | null; write: (value: string) => void } | null;
  /** What each report carries about the page, the user and the consciousness store. */
  extras?: () => ReportExtras;
  isOnline?: () => boolean;
  now?: () => number;
  release?: string;
  environment?: string;
}

/** What a rejected promise carried, as the reporter sees it: anything but an Error is docs/product.md §8's ignored case. */
export function rejectionReason(reason: unknown): unknown {
  return reason instanceof Error ? reason : NON_ERROR_REJECTION;
}

const NON_ERROR_REJECTION = { nonError: true } as const;

export interface CaptureOptions {
  /** The report's type; the error's name by default ("Warning" for warnings). */
  type?: string;
  /** The script the error came from (window error events). */
  source?: string;
  /** React's component stack, appended to the stack. */
  componentStack?: string;
}

export interface ErrorReporter {
  addBreadcrumb: (crumb: Omit<Breadcrumb, "timestamp"> & { timestamp?: string | number }) => void;
  breadcrumbs: () => Breadcrumb[];
  /** Queues a report for an error; false when docs/product.md §8's filters drop it. */
  captureError: (error: unknown, options?: CaptureOptions) => boolean;
  /** Queues a warning (HTTP errors, long tasks). */
  captureWarning: (message: string, data?: Record<string, unknown>) => boolean;
  /** Sends what is queued now. */
  flush: () => Promise<void>;
  pending: () => number;
}

function describe(error: unknown): { message: string; type: string; stack?: string } {
  if (error instanceof Error) {
    return { message: error.message || error.name, type: error.name, stack: error.stack };
  }
  if (typeof error === "string") return { message: error, type: "Error" };
  // Sentry's wording for a rejected promise that carried no Error: ignored by the filters (docs/product.md §8).
  return { message: "Non-Error promise rejection captured", type: "UnhandledRejection" };
}

function parseQueue(text: string | null): ErrorReport[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as ErrorReport[]) : [];
  } catch {
    return [];
  }
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => true);
  const store = options.store ?? null;
  let crumbs: Breadcrumb[] = [];
  let queue: ErrorReport[] = parseQueue(store?.read() ?? null);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<void> | null = null;

  const persist = () => store?.write(JSON.stringify(queue));

  const schedule = (delay: number) => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  };

  async function deliver(): Promise<void> {
    while (queue.length > 0 && isOnline()) {
      const batch = queue.slice(0, FLUSH_AT);
      const status = await options.send(batch);
      const delivered = status >= 200 && status < 300;
      // A 4xx other than 408/429 means this batch will never be accepted: drop it rather than retry forever.
      const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
      if (!delivered && !refused) {
        schedule(RETRY_AFTER_MS);
        return;
      }
      queue = queue.filter((report) => !batch.includes(report));
      persist();
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    flushing ??= deliver().finally(() => {
      flushing = null;
      // Reports that arrived during the last send never wait for an unrelated trigger.
      if (queue.length > 0 && isOnline()) schedule(FLUSH_AFTER_MS);
    });
    return flushing;
  }

  function enqueue(report: ErrorReport): void {
    queue.push(report);
    if (queue.length > QUEUE_LIMIT) queue = queue.slice(-QUEUE_LIMIT);
    persist();
    if (!isOnline()) return;
    if (queue.length >= FLUSH_AT) void flush();
    else schedule(FLUSH_AFTER_MS);
  }

  function build(message: string, type: string, stack: string | undefined): ErrorReport {
    const extras = options.extras?.() ?? {};
    const report: ErrorReport = {
      message: clip(message, ERROR_REPORT_LIMITS.messageLength),
      type: clip(type, 200),
      stack: stack === undefined ? undefined : clip(stack, ERROR_REPORT_LIMITS.stackLength),
      context: extras.context,
      breadcrumbs: crumbs.slice(-ERROR_REPORT_LIMITS.breadcrumbs),
      user: extras.user,
      consciousness: extras.consciousness,
      release: options.release,
      environment: options.environment,
      timestamp: new Date(now()).toISOString(),
    };
    // Tokens in a URL, a message or a stack never leave the browser.
    return scrubSecrets(report);
  }

  const addBreadcrumb: ErrorReporter["addBreadcrumb"] = (crumb) => {
    const filtered = filterBreadcrumb({
      ...crumb,
      timestamp: crumb.timestamp ?? new Date(now()).toISOString(),
    });
    if (filtered === null) return;
    crumbs.push(filtered);
    if (crumbs.length > ERROR_REPORT_LIMITS.breadcrumbs) {
      crumbs = crumbs.slice(-ERROR_REPORT_LIMITS.breadcrumbs);
    }
  };

  return {
    addBreadcrumb,
    breadcrumbs: () => [...crumbs],
    captureError(error, capture = {}) {
      const { message, type, stack } = describe(error);
      if (!isReportable({ message, stack, source: capture.source })) return false;
      const fullStack = capture.componentStack
        ? `${stack ?? ""}\n\nComponent stack:${capture.componentStack}`
        : stack;
      enqueue(build(message, capture.type ?? type, fullStack));
      return true;
    },
    captureWarning(message, data) {
      if (!isReportable({ message })) return false;
      addBreadcrumb({ category: "warning", level: "warning", message, data });
      enqueue(build(message, "Warning", undefined));
      return true;
    },
    flush,
    pending: () => queue.length,
  };
}

// ——— The app's reporter ———

const SESSION_KEY = "aacos-session-id";

/** A random id per tab, so one visit's reports can be told apart (not the auth session). */
function sessionId(): string {
  try {
    let id = window.sessionStorage.getItem(SESSION_KEY);
    if (id === null) {
      id = crypto.randomUUID();
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return "unavailable";
  }
}

const BROWSERS: readonly [string, RegExp][] = [
  ["Edge", /Edg\/([\d.]+)/],
  ["Opera", /OPR\/([\d.]+)/],
  ["Firefox", /Firefox\/([\d.]+)/],
  ["Chrome", /Chrome\/([\d.]+)/],
  ["Safari", /Version\/([\d.]+).*Safari/],
];
const SYSTEMS: readonly [string, RegExp][] = [
  ["Android", /Android/],
  ["iOS", /iPhone|iPad|iPod/],
  ["Windows", /Windows/],
  ["macOS", /Mac OS X/],
  ["ChromeOS", /CrOS/],
  ["Linux", /Linux/],
];

export function browserOf(userAgent: string): { name: string; version: string } {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return { name, version: match[1] ?? "" };
  }
  return { name: "unknown", version: "" };
}

export function osOf(userAgent: string): string {
  return SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? "unknown";
}

interface PerformanceMemory {
  usedJSHeapSize: number;
  totalJSHeapSize: number;
  jsHeapSizeLimit: number;
}

function pageExtras(): ReportExtras {
  const user = useAuthStore.getState().user;
  const { awarenessLevel, integrationScore } = useConsciousnessStore.getState();
  const nav = navigator as Navigator & {
    deviceMemory?: number;
    connection?: { effectiveType?: string; saveData?: boolean; rtt?: number };
  };
  const heap = (performance as Performance & { memory?: PerformanceMemory }).memory;
  const profile = deviceProfile();
  return {
    context: {
      user: user === null ? null : { id: user.id, roles: user.roles, tier: user.tier },
      session: sessionId(),
      url: window.location.href,
      browser: browserOf(nav.userAgent),
      os: osOf(nav.userAgent),
      device: {
        platform: profile.platform,
        performance: profile.performance,
        layout: document.documentElement.dataset.layout ?? null,
        viewport: `${window.innerWidth}x${window.innerHeight}`,
      },
      memory: {
        deviceMemoryGB: nav.deviceMemory ?? null,
        usedHeap: heap?.usedJSHeapSize ?? null,
        heapLimit: heap?.jsHeapSizeLimit ?? null,
      },
      connection: {
        online: nav.onLine,
        effectiveType: nav.connection?.effectiveType ?? null,
        saveData: nav.connection?.saveData ?? null,
      },
    },
    user: user === null ? undefined : { id: user.id, username: user.username, email: user.email },
    consciousness: { awarenessLevel, integrationScore },
  };
}

export const errorReporter: ErrorReporter = createErrorReporter({
  send: (reports) => postReport("/errors", { reports }),
  store: {
    read: () => readStorage(STORAGE_KEYS.errorQueue),
    write: (value) => writeStorage(STORAGE_KEYS.errorQueue, value),
  },
  extras: pageExtras,
  isOnline: () => navigator.onLine !== false,
  release: APP_CONFIG.release,
  environment: APP_CONFIG.environment,
});
