// The build's pre-rendered public pages (docs/decisions/172): a visit to one of their paths gets that page's own HTML,
// marked so the service worker does not keep it as the shell; every other client route still gets index.html. The tier
// chooser's copy shows the built-in catalogue in one billing mode: it is served only while both match the server's.

import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { buildCatalog } from "@aacos/domain/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../test/factories.js";
import { buildTestApp, getAccepting, request, type TestApp } from "../test/helper.js";

let test: TestApp;
let stripeApp: TestApp;
let webDist: string;
const shell = `<!doctype html><html lang="he" dir="rtl"><body><main id="boot-screen">AACOS</main></body></html>`;
const landing = `<!doctype html><html lang="he" dir="rtl"><body><div data-prerendered="/"><h1>פיקוד</h1></div></body></html>`;
const login = `<!doctype html><html lang="he" dir="rtl"><body><div data-prerendered="/auth/login"><h1>כניסה</h1></div></body></html>`;
const tiersTest = `<!doctype html><html lang="he" dir="rtl"><body><div data-prerendered="/tiers"><p role="note">מצב בדיקה</p></div></body></html>`;
const tiersStripe = `<!doctype html><html lang="he" dir="rtl"><body><div data-prerendered="/tiers"><h1>עולמות</h1></div></body></html>`;
const builtInCatalog = createHash("sha256").update(JSON.stringify(buildCatalog())).digest("hex");

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "aacos-web-"));
  await mkdir(path.join(webDist, "prerendered"));
  await writeFile(path.join(webDist, "index.html"), shell);
  await writeFile(path.join(webDist, "prerendered", "landing.html"), landing);
  await writeFile(path.join(webDist, "prerendered", "auth-login.html"), login);
  await writeFile(path.join(webDist, "prerendered", "tiers-test.html"), tiersTest);
  await writeFile(path.join(webDist, "prerendered", "tiers-stripe.html"), tiersStripe);
  await writeFile(
    path.join(webDist, "prerendered", "pages.json"),
    JSON.stringify([
      { path: "/", file: "prerendered/landing.html" },
      { path: "/auth/login", file: "prerendered/auth-login.html" },
      {
        path: "/tiers",
        file: "prerendered/tiers-test.html",
        catalog: builtInCatalog,
        billing: "test",
      },
      {
        path: "/tiers",
        file: "prerendered/tiers-stripe.html",
        catalog: builtInCatalog,
        billing: "stripe",
      },
    ]),
  );
  test = await buildTestApp({ WEB_DIST: webDist });
  stripeApp = await buildTestApp({
    WEB_DIST: webDist,
    STRIPE_SECRET_KEY: "sk_test_prerendered",
    STRIPE_WEBHOOK_SECRET: "whsec_prerendered",
  });
});
afterAll(async () => {
  await test.close();
  await stripeApp.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => getAccepting(test.app, url, acceptEncoding);

describe("pre-rendered pages", () => {
  it("answer their own paths (query string and trailing slash included), compressed, never cached", async () => {
    for (const [url, body] of [
      ["/", landing],
      ["/?ref=mail", landing],
      ["/auth/login", login],
      ["/auth/login/?next=%2Fchat", login],
      ["/tiers", tiersTest],
      ["/tiers/?upgrade=quantum", tiersTest],
    ] as const) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["x-aacos-prerendered"]).toBe("1");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(body);
    }
    const plain = await get("/auth/login");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(login);
  });

  it("leave every other client route to index.html, unmarked", async () => {
    for (const url of ["/dashboard", "/tiers/extra", "/auth/login/extra", "/index.html"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["x-aacos-prerendered"], url).toBeUndefined();
      expect(response.body, url).toBe(shell);
    }
  });

  it("give the tier chooser the copy of the server's billing mode: with Stripe, no test-mode notice", async () => {
    const response = await stripeApp.app.inject({ method: "GET", url: "/tiers" });
    expect(response.headers["x-aacos-prerendered"]).toBe("1");
    expect(response.body).toBe(tiersStripe);
  });

  it("stop showing the tier chooser's copy once an admin changes the catalogue", async () => {
    const admin = await createUser(test.app, { roles: ["user", "admin"], tier: "infinity" });
    const changed = await request(test.app, admin, "PUT", "/api/admin/settings/tiers/quantum", {
      price: { monthly: 59 },
    });
    expect(changed.statusCode).toBe(200);
    const response = await get("/tiers");
    expect(response.headers["x-aacos-prerendered"]).toBeUndefined();
    expect(response.body).toBe(shell);
    // The other pages show no catalogue data: they keep their copies.
    expect((await get("/")).body).toBe(landing);
  });
});
