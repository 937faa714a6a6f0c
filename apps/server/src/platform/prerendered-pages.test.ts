// The build's pre-rendered public pages (docs/decisions/172): a visit to one of their paths gets that page's own HTML,
// marked so the service worker does not keep it as the shell; every other client route still gets index.html.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper.js";

let test: TestApp;
let webDist: string;
const shell = `<!doctype html><html lang="he" dir="rtl"><body><main id="boot-screen">AACOS</main></body></html>`;
const landing = `<!doctype html><html lang="he" dir="rtl"><body><div data-prerendered="/"><h1>פיקוד</h1></div></body></html>`;
const login = `<!doctype html><html lang="he" dir="rtl"><body><div data-prerendered="/auth/login"><h1>כניסה</h1></div></body></html>`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "aacos-web-"));
  await mkdir(path.join(webDist, "prerendered"));
  await writeFile(path.join(webDist, "index.html"), shell);
  await writeFile(path.join(webDist, "prerendered", "landing.html"), landing);
  await writeFile(path.join(webDist, "prerendered", "auth-login.html"), login);
  await writeFile(
    path.join(webDist, "prerendered", "pages.json"),
    JSON.stringify({
      "/": "prerendered/landing.html",
      "/auth/login": "prerendered/auth-login.html",
    }),
  );
  test = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await test.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  test.app.inject({
    method: "GET",
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

describe("pre-rendered pages", () => {
  it("answer their own paths (query string and trailing slash included), compressed, never cached", async () => {
    for (const [url, body] of [
      ["/", landing],
      ["/?ref=mail", landing],
      ["/auth/login", login],
      ["/auth/login/?next=%2Fchat", login],
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
    for (const url of ["/tiers", "/dashboard", "/auth/login/extra", "/index.html"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["x-aacos-prerendered"], url).toBeUndefined();
      expect(response.body, url).toBe(shell);
    }
  });
});
