// Mounts the app into #root, with the missing-root and render-failure fallbacks of SPEC.md §2; error reporting starts
// first, and the service worker is registered in production builds.
import "@fontsource-variable/heebo/index.css";
import "./app/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { showStartupFailure } from "./app/startup-failure";
import { applyLanguage, storedLanguage } from "./lib/i18n";
import { i18n } from "./lib/i18n";
import { errorReporter } from "./lib/error-reporter";
import { installErrorReporting } from "./lib/monitoring";
import { registerServiceWorker } from "./lib/service-worker-client";

function mount(): void {
  installErrorReporting();
  if (import.meta.env.PROD) registerServiceWorker();
  const container = document.getElementById("root");
  if (container === null) {
    document.body.textContent = i18n.t("boot.rootMissing");
    return;
  }
  applyLanguage(storedLanguage());
  try {
    const root = createRoot(container, {
      // An error no boundary caught has unmounted the tree: show the fallback in its place.
      onUncaughtError: (error) => {
        errorReporter.captureError(error, { type: "RenderError" });
        setTimeout(() => {
          root.unmount();
          showStartupFailure(container, error);
        });
      },
    });
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    errorReporter.captureError(error, { type: "RenderError" });
    showStartupFailure(container, error);
  }
}

mount();
