// Debian's Chromium through playwright-core, with the flags this machine needs; pages come from fresh contexts.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { PASSWORD } from "./api.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium-flags.js";

export const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../.tmp/screenshots",
);

/**
 * Waits until the app runs the page. A Hebrew visit to a pre-rendered page (docs/decisions/172) shows the page's
 * markup, test ids included (the app hydrates it, docs/decisions/341), before the app has started; its buttons and
 * keyboard shortcuts answer only once the app has taken over, which removes `data-prerendered`.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator("[data-prerendered]").waitFor({ state: "detached" });
}

/**
 * The Chromium of the test file that is running: launched before the file's own hooks and closed after them
 * (`support/browser-per-file.ts`, the suite's setup file).
 */
export let browser: Browser;

/** Sets `browser` (the setup file only). */
export function setBrowser(launched: Browser): void {
  browser = launched;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
}

export async function openPage(
  browser: Browser,
  route: string,
  options: BrowserContextOptions & {
    language?: "he" | "en";
    /** Signs the page in: the access token is in local storage before the app's first script runs. */
    token?: string;
  } = {},
): Promise<Page> {
  const { language, token, ...contextOptions } = options;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...contextOptions,
  });
  if (language !== undefined) {
    await context.addInitScript((lang) => localStorage.setItem("aacos-lang", lang), language);
  }
  if (token !== undefined) {
    // Only on the first document: setting it after the app started would race its start-up check, which clears a
    // token it did not find.
    await context.addInitScript((value) => {
      if (sessionStorage.getItem("e2e-token-set") === null) {
        localStorage.setItem("token", value);
        sessionStorage.setItem("e2e-token-set", "1");
      }
    }, token);
  }
  const page = await context.newPage();
  await page.goto(new URL(route, inject("baseUrl")).toString());
  // Tests act on the app, never on a pre-rendered page's markup before the app listens to it.
  await waitForApp(page);
  return page;
}

/**
 * Signs in through the sign-in form of the page's own browser context, once the app runs it (a submit on the
 * pre-rendered copy before that would be the browser's own, not the app's); the caller waits for the outcome.
 */
export async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.goto(new URL("/auth/login", page.url()).toString());
  await waitForApp(page);
  await page.getByTestId("login-email").fill(identifier);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

/** Signs `name` up through the registration form (name@example.com, the shared test password) and waits until in. */
export async function registerThroughForm(
  browser: Browser,
  name: string,
  language: "he" | "en",
): Promise<Page> {
  const page = await openPage(browser, "/auth/register", { language });
  await page.getByTestId("register-email").fill(`${name}@example.com`);
  await page.getByTestId("register-username").fill(name);
  await page.getByTestId("register-password").fill(PASSWORD);
  await page.getByTestId("register-submit").click();
  await page.getByTestId("user-menu-button").waitFor();
  return page;
}

/**
 * Waits until the service worker can start the app offline: activated, in control of the page (clients.claim), with
 * index.html in its cache. Chromium reports `registration.active` before all that, and an offline reload right then
 * failed with ERR_INTERNET_DISCONNECTED in about half the runs.
 */
export async function waitForOfflineShell(page: Page): Promise<void> {
  // Polled from here: page.waitForFunction takes an async predicate's promise for a truthy answer and returns at once.
  const ready = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return (
        registration?.active?.state === "activated" &&
        navigator.serviceWorker.controller !== null &&
        (await caches.match("/index.html")) !== undefined
      );
    });
  await expect.poll(ready, { timeout: 30_000, interval: 100 }).toBe(true);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * axe-core violations a user would feel: serious and critical ones — label-in-name (WCAG 2.5.3, voice control) too,
 * which axe ships switched off as experimental.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}
