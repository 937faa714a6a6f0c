// Mounts the app into #root (replacing the static start screen of index.html), with the missing-root and
// render-failure fallbacks of docs/product.md §2; error reporting starts first, and the service worker is registered in
// production builds once the page is idle. Loaded by main.tsx right after the first paint. A pre-rendered page the app
// renders identically is hydrated instead (docs/decisions/341).
import "../lib/zod-config";
import type { QueryClient } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { errorReporter } from "../lib/error-reporter";
import { applyLanguage, i18n, loadLanguage, storedLanguage } from "../lib/i18n";
import { whenIdle } from "../lib/idle";
import { installLayoutClass } from "../lib/layout-class";
import { installErrorReporting } from "../lib/monitoring";
import { registerServiceWorker } from "../lib/service-worker-client";
import { App } from "./app";
import {
  hydratableCopy,
  hydrateInto,
  isPrerenderedVisit,
  revealApp,
  takeOver,
} from "./prerender-handoff";
import { createAppQueries } from "./providers";
import { preloadLandingScreen } from "./router";
import { atMost, buildStartupSteps, NETWORK_STEP_CAP_MS, runStartup } from "./startup";
import { showStartupFailure } from "./startup-failure";

/** An error no boundary caught has unmounted the tree: show the fallback in its place. */
function failRender(reactRoot: () => Root | undefined, container: HTMLElement, error: unknown) {
  errorReporter.captureError(error, { type: "RenderError" });
  setTimeout(() => {
    reactRoot()?.unmount();
    revealApp();
    showStartupFailure(container, error);
  });
}

function mount(): void {
  installErrorReporting();
  // The worker caches the app for offline starts: nothing the first screen needs (docs/decisions/174).
  if (import.meta.env.PROD) whenIdle(registerServiceWorker, 10_000);
  const root = document.getElementById("root");
  if (root === null) {
    document.body.textContent = i18n.t("boot.rootMissing");
    return;
  }
  applyLanguage(storedLanguage());
  const copy = hydratableCopy(root);
  if (copy !== null) {
    void hydrate(copy);
    return;
  }
  // A pre-rendered page stays on screen while the app starts outside the document (docs/decisions/172).
  const container = isPrerenderedVisit(root) ? takeOver(root) : root;
  let reactRoot: Root | undefined;
  try {
    reactRoot = createRoot(container, {
      onUncaughtError: (error) => failRender(() => reactRoot, container, error),
    });
    // As a transition, React renders the first tree in slices of a few milliseconds, yielding to the browser in
    // between, instead of one long task (Lighthouse's total blocking time); index.html's start screen stays until the
    // tree commits.
    const created = reactRoot;
    startTransition(() =>
      created.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  } catch (error) {
    errorReporter.captureError(error, { type: "RenderError" });
    revealApp();
    showStartupFailure(container, error);
  }
}

/**
 * The data a pre-rendered page shows besides the catalogue (start-up's worlds step), in the cache before the first
 * render, or the first render would show a loader where the copy shows the cards.
 */
async function loadShownData(client: QueryClient, path: string | undefined): Promise<void> {
  if (path !== "/tiers") return;
  const { billingStatusQuery } = await import("../lib/billing");
  await atMost(client.prefetchQuery(billingStatusQuery), NETWORK_STEP_CAP_MS);
}

/**
 * Start-up runs first, with the copy on screen (no start screen, no half-second wait: the page is already shown), then
 * React hydrates the copy: the app's first render is the copy's markup, so its nodes stay and only gain the app's
 * listeners. Should they differ all the same (a catalogue changed in between, a year turned), React renders the app in
 * their place — the page is the app's either way — and the mismatch is reported, not logged as an error.
 */
async function hydrate(copy: HTMLElement): Promise<void> {
  const queries = createAppQueries();
  try {
    const steps = buildStartupSteps({
      queryClient: queries.client,
      preloadLanding: preloadLandingScreen,
    });
    await runStartup(steps, () => {});
    await loadShownData(queries.client, copy.dataset.prerendered);
  } catch (error) {
    // As the start-up gate does: the app shows anyway (docs/product.md §4).
    console.error("Start-up failed", error);
    errorReporter.captureError(error, { type: "StartupError" });
    installLayoutClass();
  }
  hydrateInto(copy);
  let reactRoot: Root | undefined;
  // As a transition, hydration runs in slices too (docs/decisions/174).
  startTransition(() => {
    reactRoot = hydrateRoot(
      copy,
      <StrictMode>
        <App setup={{ queries, started: true }} />
      </StrictMode>,
      {
        onUncaughtError: (error) => failRender(() => reactRoot, copy, error),
        onRecoverableError: (error) => {
          console.warn("The pre-rendered page differed from the app's; the app replaced it", error);
          errorReporter.captureError(error, { type: "HydrationMismatch" });
        },
      },
    );
  });
}

// English visitors wait for their catalogue (a failed load falls back to Hebrew); Hebrew is in the bundle. Mounting
// waits for the next task either way: not in the one that evaluated the app core (docs/decisions/270).
void loadLanguage(storedLanguage())
  .catch((error: unknown) => console.error("Could not load the messages", error))
  .finally(() => setTimeout(mount, 0));
