// Wires the error and security reporters into the page: window error and unhandledrejection listeners, breadcrumbs
// (clicks, API calls, console), HTTP errors ≥ 400 and main-thread tasks over 200 ms as warnings (docs/product.md §8).
import { setRequestObserver } from "./api-client";
import { APP_CONFIG } from "./app-config";
import { noteFailedRequest } from "./connectivity";
import { errorReporter, rejectionReason } from "./error-reporter";
import { SECURITY_ACTIVITIES, securityReporter } from "./security-reporter";

/** docs/product.md §8: tasks longer than this are reported as warnings. */
export const LONG_TASK_MS = 200;
/** One warning per kind (method, path, status) per minute: a polling screen failing must not flood the queue. */
const WARNING_EVERY_MS = 60_000;

const lastWarned = new Map<string, number>();

function throttled(key: string, now: number): boolean {
  const last = lastWarned.get(key);
  if (last !== undefined && now - last < WARNING_EVERY_MS) return true;
  lastWarned.set(key, now);
  return false;
}

/** What a click hit, without the text users typed or read: test id, aria-label, role or tag. */
function describeTarget(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest("button, a, [role], input, select, textarea, summary, label");
  if (element === null) return null;
  const testId = element.getAttribute("data-testid");
  const label = element.getAttribute("aria-label");
  const tag = element.tagName.toLowerCase();
  const href = element instanceof HTMLAnchorElement ? element.pathname : null;
  return [tag, testId && `#${testId}`, label && `"${label.slice(0, 60)}"`, href]
    .filter(Boolean)
    .join(" ");
}

const CONSOLE_LEVELS = ["debug", "log", "info", "warn", "error"] as const;

function captureConsole(): void {
  for (const level of CONSOLE_LEVELS) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      errorReporter.addBreadcrumb({
        category: "console",
        level: level === "warn" ? "warning" : level,
        message: args
          .map((arg) => (typeof arg === "string" ? arg : arg instanceof Error ? arg.message : ""))
          .join(" ")
          .trim(),
      });
      original(...args);
    };
  }
}

let installed = false;

/** Installs the listeners once, before React renders, so start-up failures are caught too. */
export function installErrorReporting(): void {
  if (installed) return;
  installed = true;

  window.addEventListener("error", (event) => {
    // Resource load failures (a missing image) arrive without an error object and are not script errors.
    if (!(event instanceof ErrorEvent)) return;
    errorReporter.captureError(event.error ?? event.message, { source: event.filename });
  });
  window.addEventListener("unhandledrejection", (event) => {
    errorReporter.captureError(rejectionReason(event.reason), { type: "UnhandledRejection" });
  });
  window.addEventListener("online", () => void errorReporter.flush());
  // Leaving the page: what is queued goes now, while keepalive can still carry it.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void errorReporter.flush();
  });
  document.addEventListener(
    "click",
    (event) => {
      const message = describeTarget(event.target);
      if (message !== null) errorReporter.addBreadcrumb({ category: "ui.click", message });
    },
    { capture: true, passive: true },
  );
  captureConsole();

  setRequestObserver({
    completed: ({ method, path, status, durationMs }) => {
      const level = status === 0 || status >= 400 ? "warning" : "info";
      errorReporter.addBreadcrumb({
        category: "fetch",
        type: "http",
        level,
        message: `${method} ${path}`,
        data: { status, durationMs: Math.round(durationMs) },
      });
      if (status === 0 && !path.startsWith("/health")) noteFailedRequest();
      if (status === 401 || status === 403) securityReporter.deniedReply(status, path);
      // A 401 is the session flow's business (refresh, then sign-in), not a defect.
      if (
        status >= 400 &&
        status !== 401 &&
        !throttled(`${method} ${path} ${status}`, Date.now())
      ) {
        errorReporter.captureWarning(`HTTP ${status} ${method} ${path}`, { status, method, path });
      }
    },
    blocked: (url) => {
      errorReporter.addBreadcrumb({
        category: "security",
        level: "warning",
        message: "blocked",
        data: { url },
      });
      securityReporter.report(SECURITY_ACTIVITIES.blockedHost, { url });
    },
  });

  // Reports left from an earlier page (offline, closed too soon) go out now.
  if (errorReporter.pending() > 0) void errorReporter.flush();
}

/** Navigation breadcrumbs, from the router. */
export function recordNavigation(path: string): void {
  errorReporter.addBreadcrumb({ category: "navigation", message: path });
}

let observing = false;

/**
 * docs/product.md §8: main-thread tasks longer than 200 ms. Each is a breadcrumb; a warning report is sampled at the
 * trace rate (0.1) and throttled, since a slow device produces them by the dozen.
 */
export function startPerformanceMonitoring(random: () => number = Math.random): void {
  if (observing || typeof PerformanceObserver !== "function") return;
  if (!PerformanceObserver.supportedEntryTypes?.includes("longtask")) return;
  observing = true;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration <= LONG_TASK_MS) continue;
      const duration = Math.round(entry.duration);
      errorReporter.addBreadcrumb({
        category: "performance",
        level: "warning",
        message: `Long task ${duration} ms`,
        data: { duration, startTime: Math.round(entry.startTime) },
      });
      if (random() < APP_CONFIG.traceSampleRate && !throttled("longtask", Date.now())) {
        errorReporter.captureWarning(`Long task over ${LONG_TASK_MS} ms`, { duration });
      }
    }
  });
  observer.observe({ type: "longtask", buffered: true });
}
