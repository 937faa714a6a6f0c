// What a live page shows the tests that watch it: its socket connected, and new signals arriving without a reload.
import type { Page } from "playwright-core";

export async function connected(page: Page): Promise<void> {
  await page.locator('[data-testid="connection-indicator"][data-state="connected"]').waitFor();
}

/** Waits until /signals lists more rows than `before`: a new signal came over the socket. */
export async function moreSignalRows(page: Page, before: number): Promise<void> {
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="signal-row"]').length > count,
    before,
    { timeout: 15_000 },
  );
}
