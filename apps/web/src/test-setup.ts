// Vitest set-up for the web project: jest-dom matchers and a clean DOM and storage between tests.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { resetConnectivityForTests } from "./lib/connectivity";
import { loadLanguage } from "./lib/i18n";

// The app fetches English on demand; tests switch languages synchronously, so it is here from the start.
await loadLanguage("en");

// findBy… and waitFor wait for an outcome; on a loaded two-core CI machine even five seconds are not always enough to
// render a screen from a real local server. A wait that succeeds returns at once, so only a failing test pays for this.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  resetConnectivityForTests();
});

// jsdom has no matchMedia; uPlot reads the device-pixel-ratio query when it loads. Nothing matches, as on a plain
// light-themed screen at ratio 1 (the theme and device tests expect exactly that).
if (typeof window.matchMedia !== "function") {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}
