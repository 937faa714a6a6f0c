// The flags Debian's Chromium needs on this machine (headless, no sandbox in a container, nothing phoning home):
// shared by the browser tests (browser.ts) and the Lighthouse bench, so both measure the same browser.
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where Debian puts Chromium (`apt-get install -y chromium`); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
