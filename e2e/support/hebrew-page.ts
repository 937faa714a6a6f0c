// A signed-in Hebrew page that records what a user would notice: every API 429, every upgrade prompt dispatched (even
// one that leaves at once) and the API calls still in flight (to know when a screen has settled).
import type { Browser, Page, Request } from "playwright-core";
import { inject } from "vitest";
import type { TestAccount } from "./api.js";

export interface Watch {
  refused: string[];
  prompts: string[];
  inFlight: Set<Request>;
  /** API calls made, all told. */
  calls: number;
}

/** Records every API 429 and every upgrade prompt the page dispatches (even one that leaves at once). */
export async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { refused: [], prompts: [], inFlight: new Set(), calls: 0 };
  page.on("request", (request) => {
    if (request.url().includes("/api/") && request.resourceType() !== "eventsource") {
      seen.inFlight.add(request);
      seen.calls += 1;
    }
  });
  page.on("requestfinished", (request) => seen.inFlight.delete(request));
  page.on("requestfailed", (request) => seen.inFlight.delete(request));
  page.on("response", (response) => {
    if (response.status() === 429) {
      seen.refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  await page.exposeFunction("__upgradePrompt", (kind: string) => {
    seen.prompts.push(kind);
  });
  await page.addInitScript(() => {
    window.addEventListener("aacos:upgrade-prompt", (event) => {
      const detail = (event as CustomEvent<{ kind: string }>).detail;
      (window as unknown as { __upgradePrompt: (kind: string) => void }).__upgradePrompt(
        detail.kind,
      );
    });
  });
  return seen;
}

/** Waits until the screen has no API call in flight for 700 ms (at most 15 s: live screens keep some open). */
export async function settle(page: Page, seen: Watch): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    if (seen.inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 700) return;
  }
}

/** A new context in Hebrew, signed in as `account`, watched from its first request, at `path`. */
export async function signedInHebrew(
  browser: Browser,
  account: TestAccount,
  path: string,
): Promise<{ page: Page; seen: Watch }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem("aacos-lang", "he"));
  await context.addInitScript((token) => {
    if (sessionStorage.getItem("e2e-token-set") === null) {
      localStorage.setItem("token", token);
      sessionStorage.setItem("e2e-token-set", "1");
    }
  }, account.token);
  const page = await context.newPage();
  const seen = await watch(page);
  await page.goto(new URL(path, inject("baseUrl")).toString());
  await page.getByTestId("user-menu-button").waitFor();
  return { page, seen };
}
