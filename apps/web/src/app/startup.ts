// App start (docs/product.md §4): progress 10, 25, 35, 40, 60, 80, 95, 100 through core services, auth, worlds, consciousness,
// monitoring, resource preload and UI setup — each step doing the real work of that stage.
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { applyStoredAccessibilitySettings } from "../lib/accessibility-settings";
import { useAuthStore } from "../lib/auth-store";
import { catalogQuery } from "../lib/catalog-query";
import { deviceProfile } from "../lib/device-profile";
import { errorReporter } from "../lib/error-reporter";
import { i18n } from "../lib/i18n";
import { whenIdle, yieldToMain } from "../lib/idle";
import { installLayoutClass } from "../lib/layout-class";
import { startPerformanceMonitoring } from "../lib/monitoring";
import { purgeSecureItems } from "../lib/secure-storage";

export type StartupStage =
  | "core"
  | "auth"
  | "worlds"
  | "consciousness"
  | "monitoring"
  | "resources"
  | "ui"
  | "ready";

export interface StartupStep {
  stage: StartupStage;
  /** The progress reached when the step is done. */
  progress: number;
  run: () => Promise<void> | void;
}

/** docs/product.md §4: the app shows this long after start-up completes (at once when it fails). */
export const SHOW_APP_AFTER_MS = 500;
/**
 * A network step waits at most this long: a slow or absent network must not hold the whole app back — the guard's
 * loader and each screen's own loading state take over from there.
 */
export const NETWORK_STEP_CAP_MS = 3000;

/** Waits for `work`, but no longer than `ms`; a failure inside `work` still fails the step. */
export function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work.then(() => undefined), cap]).finally(() => clearTimeout(timer));
}

function probeStorage(): void {
  // Blocked storage is not fatal (the helpers fall back to memory); probing now makes that visible in the log.
  try {
    localStorage.setItem("aacos-probe", "1");
    localStorage.removeItem("aacos-probe");
  } catch {
    console.warn("Local storage is unavailable: preferences last for this page only");
  }
}

export function buildStartupSteps(deps: {
  queryClient: QueryClient;
  preloadLanding: () => Promise<void>;
}): StartupStep[] {
  return [
    {
      stage: "core",
      progress: 10,
      run: () => {
        // i18n initialises synchronously (initAsync: false); the theme class is set by boot.js and ThemeProvider.
        if (!i18n.isInitialized) throw new Error("i18n failed to initialise");
        probeStorage();
        applyStoredAccessibilitySettings();
        // Read once for error reports; its WebGL probe costs tens of milliseconds, which the first screen need not
        // wait for (docs/decisions/341).
        whenIdle(deviceProfile);
        purgeSecureItems();
      },
    },
    {
      stage: "auth",
      progress: 25,
      run: () => atMost(useAuthStore.getState().initialize(), NETWORK_STEP_CAP_MS),
    },
    {
      stage: "worlds",
      progress: 35,
      // prefetchQuery never throws: an unreachable catalogue is the screens' to show. Offline the fetch would only wait,
      // paused, for the network: the screens show the catalogue kept from the last visit instead.
      run: () =>
        onlineManager.isOnline()
          ? atMost(deps.queryClient.prefetchQuery(catalogQuery), NETWORK_STEP_CAP_MS)
          : undefined,
    },
    {
      stage: "consciousness",
      progress: 40,
      // Nothing to start yet: the consciousness store holds its docs/product.md §3 defaults (0, 0) until a screen sets them.
      run: () => {},
    },
    {
      stage: "monitoring",
      progress: 60,
      // The error listeners were installed before React (main.tsx), so start-up failures are reported too. Watching
      // for long tasks and sending the reports kept so far wait until the page is idle (docs/decisions/174).
      run: () =>
        whenIdle(() => {
          startPerformanceMonitoring();
          void errorReporter.flush();
        }),
    },
    {
      stage: "resources",
      progress: 80,
      // A failed preload is not a failed start: the screen retries when it renders and shows the error screen.
      run: () =>
        atMost(
          deps.preloadLanding().catch(() => {}),
          NETWORK_STEP_CAP_MS,
        ),
    },
    {
      stage: "ui",
      progress: 95,
      run: async () => {
        installLayoutClass();
        await yieldToMain();
        return atMost(document.fonts?.ready ?? Promise.resolve(), 1000);
      },
    },
    { stage: "ready", progress: 100, run: () => {} },
  ];
}

/**
 * Runs the steps in order, telling `onStep` of each stage as it starts and of its progress when done; the browser gets
 * a turn between steps, so start-up does not add up to one long task.
 */
export async function runStartup(
  steps: readonly StartupStep[],
  onStep: (stage: StartupStage, progress: number) => void,
): Promise<void> {
  let progress = 0;
  for (const step of steps) {
    onStep(step.stage, progress);
    await yieldToMain();
    await step.run();
    progress = step.progress;
    onStep(step.stage, progress);
  }
}
