// The app shell in a real browser: command palette and shortcuts, the accessibility panel, offline start, a lazy
// screen that cannot load, and error reports reaching the server with passwords redacted.
import { describe, expect, inject, it } from "vitest";
import { api } from "./support/api.js";
import {
  browser,
  openPage,
  screenshot,
  seriousViolations,
  waitForApp,
  waitForOfflineShell,
} from "./support/browser.js";
import { ADMIN } from "./support/global-setup.js";

describe("the shell", () => {
  it("opens the command palette with Ctrl+K and goes where the keyboard says", async () => {
    const page = await openPage(browser, "/", { language: "en" });
    await page.locator("h1").first().waitFor();
    await page.keyboard.press("Control+k");
    const input = page.getByTestId("command-palette-input");
    await input.waitFor();
    await input.fill("world");
    await page.getByTestId("palette-option-page-tiers").waitFor();
    // A visitor is not offered the admin console.
    await input.fill("admin");
    expect(await page.getByTestId("palette-option-page-admin").count()).toBe(0);
    await input.fill("world");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/tiers");
    await page.keyboard.press("Alt+1");
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });

  it("keeps the accessibility button bottom-left in Hebrew and English, clear of the page's content on a phone", async () => {
    for (const language of ["he", "en"] as const) {
      const page = await openPage(browser, "/tiers", {
        language,
        viewport: { width: 375, height: 740 },
      });
      await page.locator("h1").first().waitFor();
      const button = page.getByTestId("accessibility-button");
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      if (box === null) return;
      expect(box.x).toBeLessThan(40);
      expect(box.y + box.height).toBeGreaterThan(740 - 40);
      // At the end of the page nothing the user reads lies under the button.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const covered = await page.evaluate(({ x, y, width, height }) => {
        const hits = new Set<Element>();
        for (const [dx, dy] of [
          [0.5, 0.5],
          [0.1, 0.1],
          [0.9, 0.1],
          [0.1, 0.9],
          [0.9, 0.9],
        ] as const) {
          for (const element of document.elementsFromPoint(x + width * dx, y + height * dy)) {
            hits.add(element);
          }
        }
        return [...hits]
          .filter((element) => element.closest("main") !== null)
          .filter((element) =>
            [...element.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
            ),
          )
          .map((element) => element.textContent?.trim().slice(0, 40));
      }, box);
      expect(covered).toEqual([]);
      await screenshot(page, `shell-phone-bottom-${language}`);
      await page.context().close();
    }
  });

  it("applies and remembers accessibility settings, with no serious violations while open", async () => {
    const page = await openPage(browser, "/", { language: "he" });
    await waitForApp(page);
    await page.keyboard.press("Alt+a");
    await page.getByTestId("accessibility-panel").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("a11y-highContrast").click();
    await page.getByTestId("a11y-fontSize").fill("140");
    await page.getByTestId("a11y-colorBlindMode").selectOption("deuteranopia");
    await screenshot(page, "shell-accessibility-he");
    await page.keyboard.press("Escape");
    await page.getByTestId("accessibility-panel").waitFor({ state: "detached" });
    await page.reload();
    await waitForApp(page);
    const html = page.locator("html");
    expect(await html.getAttribute("class")).toContain("a11y-high-contrast");
    expect(await html.getAttribute("data-color-blind")).toBe("deuteranopia");
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("accessibility-settings") ?? "{}"),
    );
    expect(stored).toMatchObject({
      highContrast: true,
      fontSize: 140,
      colorBlindMode: "deuteranopia",
    });
    await page.context().close();
  });

  it("starts offline from the service worker with the offline banner", async () => {
    const page = await openPage(browser, "/tiers", { language: "en" });
    await page.getByTestId("world-card-genesis").waitFor();
    await waitForOfflineShell(page);
    // One online reload answered by the worker first: straight after its first activation, an offline reload failed
    // with ERR_INTERNET_DISCONNECTED in about half the runs here; after it, in none of them.
    await page.reload();
    await page.getByTestId("world-card-genesis").waitFor();
    await waitForOfflineShell(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    expect(await page.getByTestId("offline-banner").innerText()).toContain(
      "no internet connection - working offline",
    );
    await screenshot(page, "shell-offline");
    await page.context().close();
  });

  it("retries a lazy screen that cannot load, then shows the error screen", async () => {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    let attempts = 0;
    await page.route(/\/assets\/tier-chooser-screen-.*\.js$/, (route) => {
      attempts += 1;
      return route.abort();
    });
    await page.goto(new URL("/tiers", inject("baseUrl")).toString());
    await page.getByTestId("error-screen").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("error-screen").innerText()).toMatch(
      /Oops! Something went wrong|אופס! משהו השתבש/,
    );
    expect(attempts).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it("sends error reports to the server with passwords redacted", async () => {
    const page = await openPage(browser, "/", { language: "en" });
    await page.locator("h1").first().waitFor();
    const marker = `e2e-report-${Date.now()}`;
    await page.evaluate((message) => {
      const field = document.createElement("input");
      field.type = "password";
      field.name = "password";
      field.value = "Sup3r!Secret";
      document.body.append(field);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      setTimeout(() => {
        throw new Error(message);
      });
    }, marker);
    const admin = await api<{ token: string }>("/api/auth/login", {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    let found: { message: string; sample: unknown } | undefined;
    for (let attempt = 0; attempt < 30 && found === undefined; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const list = await api<{ items: { message: string; sample: unknown }[] }>(
        "/api/admin/errors",
        {
          token: admin.body.token,
        },
      );
      found = list.body.items.find((item) => item.message.includes(marker));
    }
    expect(found).toBeDefined();
    expect(JSON.stringify(found)).not.toContain("Sup3r!Secret");
    await page.context().close();
  });
});
