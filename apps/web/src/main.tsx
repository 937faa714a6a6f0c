// The entry: styles, then the app. index.html already paints the start screen, so the first paint waits for nothing
// but the HTML and the stylesheet; React, the router and the rest arrive as one dynamic import (docs/decisions/171).
// Started at the same time rather than after the core (docs/decisions/200): the code of the public screen the visit
// opened on and the public plan catalogue, which start-up waits for. All three start after the first paint.
import "@fontsource-variable/heebo/index.css";
import "./app/styles.css";
import { entryScreenOf } from "./app/entry-screens";
import { fetchEarly } from "./lib/early-fetch";

/**
 * Runs `start` once the page has painted (the start screen, or a pre-rendered page's content, docs/decisions/172): the
 * app core's download and evaluation then never stand before the first paint. A hidden tab paints nothing, so it starts
 * at once.
 */
function afterFirstPaint(start: () => void): void {
  if (document.visibilityState === "hidden") setTimeout(start, 0);
  else requestAnimationFrame(() => setTimeout(start, 0));
}

afterFirstPaint(() => {
  import("./app/start").catch((error: unknown) => {
    // The app's code did not arrive (network, a deploy in between): say so on the start screen; a reload retries.
    console.error("The app could not load", error);
    document.getElementById("boot-failed")?.removeAttribute("hidden");
  });
  const entry = entryScreenOf(window.location.pathname);
  // A failure here is retried by the lazy screen when it renders.
  entry?.load().catch(() => {});
  for (const path of ["/catalog", ...(entry?.data ?? [])]) fetchEarly(path);
});
