// Registers /service-worker.js (production builds only) and tracks a waiting new version for the "reload to update"
// prompt: the waiting worker is told to skipWaiting, and the page reloads once it has taken control.
import { create } from "zustand";

interface UpdateState {
  /** A new version installed and waiting for this page to let it take over. */
  waiting: ServiceWorker | null;
}

export const useAppUpdate = create<UpdateState>()(() => ({ waiting: null }));

/** How often an open tab asks the server for a newer worker. */
const UPDATE_CHECK_MS = 30 * 60_000;

function track(registration: ServiceWorkerRegistration): void {
  const offer = () => {
    // With no controller this is the first install, not an update.
    if (registration.waiting && navigator.serviceWorker.controller) {
      useAppUpdate.setState({ waiting: registration.waiting });
    }
  };
  offer();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offer();
    });
  });
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only a takeover this page asked for reloads it (the first install claims the page silently).
    if (reloading || useAppUpdate.getState().waiting === null) return;
    reloading = true;
    window.location.reload();
  });
  const register = () =>
    navigator.serviceWorker
      .register("/service-worker.js")
      .then((registration: ServiceWorkerRegistration | undefined) => {
        // Some automation (Playwright's blocked service workers) resolves without a registration.
        if (registration === undefined) return;
        track(registration);
        setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => console.warn("Service worker registration failed", error));
  // After load, so caching the app shell does not compete with the first render.
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/** The prompt's button: let the waiting version take over; controllerchange then reloads the page. */
export function applyAppUpdate(): void {
  useAppUpdate.getState().waiting?.postMessage({ type: "SKIP_WAITING" });
}
