// The entry: styles, then the app. index.html already paints the start screen, so the first paint waits for nothing
// but the HTML and the stylesheet; React, the router and the rest arrive as one dynamic import (docs/decisions/171).
// Requested at the same time rather than after the core (docs/decisions/200): the code of the public screen the visit
// opened on and the public plan catalogue, which start-up waits for. All start once the first paint is on screen; the
// code then runs in stages, one task each (docs/decisions/270).
import "@fontsource-variable/heebo/index.css";
import "./app/styles.css";
import { entryScreenOf } from "./app/entry-screens";
import { fetchEarly } from "./lib/early-fetch";
import { preloadModules } from "./lib/module-preload";

/** The longest start waits for the browser to report the first paint: a browser may not report it, or never paint. */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Runs `start` once the page's first contentful paint (the start screen, or a pre-rendered page's content, docs/decisions/
 * 172) is on screen — reported by the browser, which happens after the frame is presented, not merely produced: under
 * load the presentation lags the main thread by hundreds of milliseconds, and a download started in between finishes
 * before the paint that Lighthouse counts as LCP, which then simulates it over slow 4G as if the paint had waited for it
 * (docs/decisions/177). A hidden tab paints nothing, so it starts at once.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    document.removeEventListener("visibilitychange", once);
    start();
  };
  if (document.visibilityState === "hidden") {
    setTimeout(once, 0);
    return;
  }
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) once();
    });
    observer.observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(() => setTimeout(once, 0));
  // A tab sent to the background before its first paint never paints; a page that reports no paint starts anyway.
  document.addEventListener("visibilitychange", once);
  setTimeout(once, FIRST_PAINT_WAIT_MS);
}

/** Resolves in a later task: the browser may paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The app's code runs in three tasks rather than one (docs/decisions/270): React's chunk, then the libraries', then the
 * app core (which mounts the app), each evaluated once the previous one has finished and the browser has had a turn.
 * Evaluated as one module graph they made the longest task of the start (Lighthouse's total blocking time). Every file
 * is requested at once beforehand, so the stages cost no extra round trip.
 */
async function startApp(): Promise<void> {
  await import("./app/stage-react");
  await nextTask();
  await import("./app/stage-libs");
  await nextTask();
  await import("./app/start");
}

afterFirstPaint(async () => {
  const entry = entryScreenOf(window.location.pathname);
  // The requests go out in two short tasks, and the code starts in a third: on a slow phone adding a dozen preload links
  // and starting the fetches took one task of their own (Lighthouse's total blocking time).
  preloadModules(["app/start.tsx", ...(entry === undefined ? [] : [entry.module])]);
  await nextTask();
  for (const path of ["/catalog", ...(entry?.data ?? [])]) fetchEarly(path);
  await nextTask();
  startApp()
    .then(() => {
      // Loaded once the core is running, or its evaluation would come with the screen's; the download has started.
      // A failure here is retried by the lazy screen when it renders.
      entry?.load().catch(() => {});
    })
    .catch((error: unknown) => {
      // The app's code did not arrive (network, a deploy in between): say so on the start screen; a reload retries.
      console.error("The app could not load", error);
      document.getElementById("boot-failed")?.removeAttribute("hidden");
    });
});
