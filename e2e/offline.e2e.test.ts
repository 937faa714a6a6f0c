// Offline in a real browser (issue 15): a new Hebrew user's dashboard reloads offline signed in, with its last data and
// the offline banner; an action that needs the network says so, and works once the connection is back.
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { registerAccount } from "./support/api.js";
import { browser, openPage, screenshot, waitForOfflineShell } from "./support/browser.js";
import { settle, signedInHebrew } from "./support/hebrew-page.js";

/** The panel's text without its live "resets in" countdowns, which tick on without the network. */
const withoutCountdowns = (text: string) =>
  text
    .split("\n")
    .filter((line) => !line.includes("מתאפס בעוד"))
    .join("\n");

const OFFLINE_MESSAGE = "אין חיבור לאינטרנט. הפעולה הזו דורשת חיבור; נסו שוב כשהחיבור יחזור.";

/**
 * A server of an older deploy in front of this one: it answers the one script it lacks with the app's page and 200,
 * as servers did before decision 404, and passes everything else on.
 */
async function olderDeployInFront(lacking: string): Promise<{ url: string; close: () => void }> {
  const app = new URL(inject("baseUrl"));
  const server = createServer((incoming, outgoing) => {
    if (incoming.url === lacking) {
      outgoing.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      outgoing.end("<!doctype html><title>AACOS</title><div id=root></div>");
      return;
    }
    const upstream = forward(
      { host: app.hostname, port: app.port, path: incoming.url, method: incoming.method },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe("offline", () => {
  it("keeps no page in the cache in place of a script this deploy does not have", async () => {
    const page = await openPage(browser, "/", { language: "he" });
    await waitForOfflineShell(page);
    const missing = "/assets/chunk-from-another-deploy.js";
    const [status, cached] = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return [response.status, (await caches.match(url)) !== undefined] as const;
    }, missing);
    expect([status, cached]).toEqual([404, false]);
    await page.context().close();
  });

  it("keeps no page in the cache in place of a script, even when a server answers the script with the page", async () => {
    const missing = "/assets/chunk-from-another-deploy.js";
    const older = await olderDeployInFront(missing);
    try {
      const page = await openPage(browser, `${older.url}/`, { language: "he" });
      await waitForOfflineShell(page);
      const [status, type, cached] = await page.evaluate(async (url) => {
        const response = await fetch(url);
        const kept = (await caches.match(url)) !== undefined;
        return [response.status, response.headers.get("content-type"), kept] as const;
      }, missing);
      expect([status, type, cached]).toEqual([200, "text/html; charset=utf-8", false]);
      await page.context().close();
    } finally {
      older.close();
    }
  });

  it("reloads the dashboard offline with its last data, refuses a send with a clear message, and sends once back online", async () => {
    const account = await registerAccount("offline");
    const { page, seen } = await signedInHebrew(browser, account, "/dashboard");
    const plan = page.locator('[data-testid="dashboard-plan"][data-state="ready"]');
    const progress = page.locator('[data-testid="dashboard-progress"][data-state="ready"]');
    await plan.waitFor();
    await progress.waitFor();
    await settle(page, seen);
    // The app shell is cached by the service worker, the data by the stored query cache.
    await waitForOfflineShell(page);
    await page.waitForFunction(() => {
      const raw = localStorage.getItem("aacos-query-cache");
      const hashes = raw ? (JSON.parse(raw).queries as { queryHash: string }[]) : [];
      const stored = hashes.map((query) => query.queryHash);
      return stored.includes('["plan","me"]') && stored.includes('["progress","me"]');
    });
    const planOnline = withoutCountdowns(await plan.innerText());
    expect(planOnline).toContain("ג'נסיס");

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await page.getByTestId("user-menu-button").waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await plan.waitFor();
    await progress.waitFor();
    expect(withoutCountdowns(await plan.innerText())).toBe(planOnline);
    expect(await page.getByTestId("offline-banner").innerText()).toContain("אין חיבור לאינטרנט");
    await screenshot(page, "offline-dashboard-he");

    // A screen never opened before still opens (the service worker serves the app); its send is refused at once.
    await page.goto(new URL("/alerts", page.url()).toString());
    await page.getByTestId("rule-form").waitFor();
    await page.getByTestId("rule-metric").fill("tokens.used");
    await page.getByTestId("rule-threshold").fill("90");
    await page.getByTestId("rule-submit").click();
    const refusal = page.getByTestId("rule-form-error");
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(OFFLINE_MESSAGE);
    await screenshot(page, "offline-send-refused-he");

    await page.context().setOffline(false);
    await page.getByTestId("offline-banner").waitFor({ state: "detached" });
    await page.getByTestId("rule-submit").click();
    await page.getByTestId("alerts-notice").waitFor();
    expect(await refusal.count()).toBe(0);
    expect(seen.refused).toEqual([]);
    await page.context().close();
  });
});
