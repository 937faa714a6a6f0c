// The public part of the product in a real browser: Hebrew right-to-left landing, tier chooser, redirects, accessibility.
import { buildCatalog, priceLabel } from "@aacos/domain/catalog";
import { describe, expect, inject, it } from "vitest";
import { registerAccount } from "./support/api.js";
import { browser, openPage, screenshot, seriousViolations } from "./support/browser.js";

const HEBREW = /[\u0590-\u05FF]/;
const catalog = buildCatalog();

describe("the landing page", () => {
  it("renders in Hebrew, right to left, from the first byte", async () => {
    const page = await openPage(browser, "/");
    const firstByte = await page.request.get(page.url()).then((response) => response.text());
    expect(firstByte).toMatch(
      /<html[^>]*lang="he"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="he"/,
    );
    await page.locator("h1").first().waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.locator("html").getAttribute("lang")).toBe("he");
    expect(await page.locator("h1").first().innerText()).toMatch(HEBREW);
    const direction = await page
      .locator("main")
      .evaluate((main) => getComputedStyle(main).direction);
    expect(direction).toBe("rtl");
    await screenshot(page, "landing-he");
    await page.context().close();
  });

  it("switches to English, left to right, and remembers it", async () => {
    const page = await openPage(browser, "/", { language: "en" });
    await page.locator("h1").first().waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await screenshot(page, "landing-en");
    await page.context().close();
  });

  it("has no serious accessibility violations", async () => {
    const page = await openPage(browser, "/");
    await page.locator("h1").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("a pre-rendered page", () => {
  // The app hydrates the page's markup (docs/decisions/341): the nodes painted first become the app's. A render that
  // did not match would replace them (React's recovery), and a fallback to rendering a second copy would too.
  for (const [route, first] of [
    ["/", "h1"],
    ["/tiers", "h1"],
    ["/auth/login", "h1"],
  ] as const) {
    it(`${route} keeps the painted nodes when the app takes over, with nothing in the console`, async () => {
      const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
      // The first Intl object loads ICU's data in one long task: the public pages make none (decision 342).
      await context.addInitScript(() => {
        const made: string[] = [];
        (window as unknown as { intlMade: string[] }).intlMade = made;
        const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
        for (const name of [
          "NumberFormat",
          "DateTimeFormat",
          "PluralRules",
          "RelativeTimeFormat",
          "Collator",
          "ListFormat",
          "Segmenter",
          "DisplayNames",
        ]) {
          const original = intl[name];
          if (original === undefined) continue;
          intl[name] = new Proxy(original, {
            construct(target, args) {
              made.push(name);
              return Reflect.construct(target, args);
            },
            apply(target, self, args) {
              made.push(name);
              return Reflect.apply(target, self, args);
            },
          });
        }
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning")
          problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await page.goto(new URL(route, inject("baseUrl")).toString());
      await page.evaluate((selector) => {
        const node = document.querySelector(`[data-prerendered] main ${selector}`);
        if (node === null) throw new Error("no pre-rendered heading");
        (window as unknown as { painted: Element }).painted = node;
      }, first);
      await page.locator(`[data-hydrated="${route}"]`).waitFor();
      expect(await page.locator("[data-prerendered]").count()).toBe(0);
      expect(await page.locator("#boot-screen").count()).toBe(0);
      const kept = await page.evaluate(
        (selector) =>
          document.querySelector(`main ${selector}`) ===
          (window as unknown as { painted: Element }).painted,
        first,
      );
      expect(kept).toBe(true);
      expect(problems).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade),
      ).toEqual([]);
      await context.close();
    });
  }

  it("never lets the browser submit the sign-in copy before the app runs it, and signs in with what was typed once it does", async () => {
    const account = await registerAccount("early");
    const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    // The app's code is held back, so the visitor is on the pre-rendered copy.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/app-core-*.js", async (route) => {
      await released;
      await route.continue();
    });
    const loginUrl = new URL("/auth/login", inject("baseUrl")).toString();
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    const signIns: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/login")) signIns.push(request.method());
    });
    await page.goto(loginUrl);
    await page.locator('[data-prerendered="/auth/login"]').waitFor();
    await page.getByTestId("login-email").fill(account.email);
    await page.getByTestId("login-password").fill(account.password);
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-password").press("Enter");
    // Had the browser submitted the form, the page would have gone to ?email=…&password=… before the app ran.
    expect(visited.filter((url) => url !== loginUrl)).toEqual([]);
    expect(signIns).toEqual([]);

    // Once the app runs, the submission it held goes, once, with what was typed: the visitor is signed in without
    // pressing again.
    release();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/login"));
    // On a phone the account menu sits in the folded header menu: there, but not shown.
    await page.getByTestId("user-menu-button").waitFor({ state: "attached" });
    expect(signIns).toEqual(["POST"]);
    expect(visited.some((url) => url.includes("password="))).toBe(false);
    await context.close();
  });

  it("/tiers answers a click on a world card once the app has taken over", async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    await page.goto(new URL("/tiers", inject("baseUrl")).toString());
    await page.locator('[data-hydrated="/tiers"]').waitFor();
    await page.getByTestId("world-card-awakening").click();
    await page.getByTestId("world-detail").waitFor();
    expect(await page.getByTestId("world-detail").innerText()).toMatch(HEBREW);
    await context.close();
  });
});

describe("the tier chooser", () => {
  it("shows five world cards with the catalogue's prices", async () => {
    const page = await openPage(browser, "/tiers", { language: "en" });
    await page.getByTestId("world-card-genesis").waitFor();
    for (const world of catalog.worlds) {
      const card = page.getByTestId(`world-card-${world.tier}`);
      expect(await card.isVisible()).toBe(true);
      const price = await page.getByTestId(`world-price-${world.tier}`).innerText();
      const label = priceLabel(world.pricing.monthly);
      if (label.kind === "free") expect(price).toContain("FREE");
      else if (label.kind === "custom") expect(price).toContain("CUSTOM");
      else expect(price).toContain(`$${label.amount}`);
    }
    expect(await page.locator('[data-testid^="world-card-"]').count()).toBe(5);
    await screenshot(page, "tiers-en");
    await page.context().close();
  });

  it("opens a world's detail panel on selection, with Unlimited for infinity", async () => {
    const page = await openPage(browser, "/tiers", { language: "en" });
    await page.getByTestId("world-card-infinity").click();
    const detail = page.getByTestId("world-detail");
    await detail.waitFor();
    const text = await detail.innerText();
    expect(text).toContain("Unlimited");
    expect(text).toContain("∞");
    // Infinity's price is CUSTOM: not self-service, an admin grants it (decision 176).
    expect(text).toContain("Contact us");
    await page.getByTestId("world-card-awakening").click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="world-detail"]')?.textContent?.includes("Awakening"),
    );
    await screenshot(page, "tiers-detail-en");
    await page.context().close();
  });

  it("shows and hides the full comparison table", async () => {
    const page = await openPage(browser, "/tiers", { language: "en" });
    const toggle = page.getByTestId("comparison-toggle");
    await toggle.waitFor();
    expect(await page.getByTestId("comparison-table").count()).toBe(0);
    await toggle.click();
    await page.getByTestId("comparison-table").waitFor();
    expect(await page.getByTestId("comparison-table").locator("thead th").count()).toBe(6);
    await toggle.click();
    await page.getByTestId("comparison-table").waitFor({ state: "detached" });
    await page.context().close();
  });

  it("renders in Hebrew with no serious accessibility violations, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await openPage(browser, "/tiers", { colorScheme });
      await page.getByTestId("world-card-genesis").waitFor();
      expect(await page.getByTestId("world-card-genesis").innerText()).toMatch(HEBREW);
      await page.getByTestId("comparison-toggle").click();
      await page.getByTestId("world-card-cosmic").click();
      await page.getByTestId("world-detail").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `tiers-he-${colorScheme}`);
      await page.context().close();
    }
  });
});

describe("routing", () => {
  it("sends an unknown path to the landing page", async () => {
    const page = await openPage(browser, "/no/such/place");
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator("h1").first().waitFor();
    await page.context().close();
  });

  it("sends a visitor away from a signed-in screen and remembers where they were going", async () => {
    const page = await openPage(browser, "/chat");
    await page.waitForURL((url) => url.pathname !== "/chat");
    expect(await page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBe("/chat");
    await page.context().close();
  });

  it("lays out for a phone without horizontal scrolling", async () => {
    const page = await openPage(browser, "/tiers", { viewport: { width: 390, height: 844 } });
    await page.getByTestId("world-card-genesis").waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "tiers-he-mobile");
    await page.context().close();
  });
});
