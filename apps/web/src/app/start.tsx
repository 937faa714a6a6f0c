// Mounts the app into #root (replacing the static start screen of index.html), with the missing-root and
// render-failure fallbacks of docs/product.md §2; error reporting starts first, and the service worker is registered in
// production builds once the page is idle. Loaded by main.tsx right after the first paint.
import "../lib/zod-config";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { errorReporter } from "../lib/error-reporter";
import { applyLanguage, i18n, loadLanguage, storedLanguage } from "../lib/i18n";
import { whenIdle } from "../lib/idle";
import { installErrorReporting } from "../lib/monitoring";
import { registerServiceWorker } from "../lib/service-worker-client";
import { App } from "./app";
import { isPrerenderedVisit, revealApp, takeOver } from "./prerender-handoff";
import { showStartupFailure } from "./startup-failure";

function mount(): void {
  installErrorReporting();
  // The worker caches the app for offline starts: nothing the first screen needs (docs/decisions/174).
  if (import.meta.env.PROD) whenIdle(registerServiceWorker, 10_000);
  const root = document.getElementById("root");
  if (root === null) {
    document.body.textContent = i18n.t("boot.rootMissing");
    return;
  }
  // A pre-rendered page stays on screen while the app starts outside the document (docs/decisions/172).
  const container = isPrerenderedVisit(root) ? takeOver(root) : root;
  applyLanguage(storedLanguage());
  try {
    const reactRoot = createRoot(container, {
      // An error no boundary caught has unmounted the tree: show the fallback in its place.
      onUncaughtError: (error) => {
        errorReporter.captureError(error, { type: "RenderError" });
        setTimeout(() => {
          reactRoot.unmount();
          revealApp();
          showStartupFailure(container, error);
        });
      },
    });
    // As a transition, React renders the first tree in slices of a few milliseconds, yielding to the browser in
    // between, instead of one long task (Lighthouse's total blocking time); index.html's start screen stays until the
    // tree commits.
    startTransition(() =>
      reactRoot.render(
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

// English visitors wait for their catalogue (a failed load falls back to Hebrew); Hebrew is in the bundle. Mounting
// waits for the next task either way: not in the one that evaluated the app core (docs/decisions/270).
void loadLanguage(storedLanguage())
  .catch((error: unknown) => console.error("Could not load the messages", error))
  .finally(() => setTimeout(mount, 0));
