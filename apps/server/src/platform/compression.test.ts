// Compression on the wire: precompressed web-app files chosen by Accept-Encoding, index.html and JSON over 1 KB
// compressed, small replies and streams (server-sent events) left alone, immutable caching kept.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, getAccepting, type TestApp } from "../test/helper.js";
import { negotiateEncoding } from "./compression.js";

let test: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify("a".repeat(4000))});`;
const page = `<!doctype html><html lang="he" dir="rtl"><title>AACOS</title><body>${"<p>שלום</p>".repeat(200)}</body></html>`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "aacos-web-"));
  await mkdir(path.join(webDist, "assets"));
  await writeFile(path.join(webDist, "index.html"), page);
  const asset = path.join(webDist, "assets", "app-1234.js");
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));
  test = await buildTestApp({ WEB_DIST: webDist }, (app) => {
    app.get("/api/test/big", async () => ({
      items: Array.from({ length: 200 }, (_, i) => ({ i })),
    }));
    app.get("/api/test/small", async () => ({ ok: true }));
    app.get("/api/test/stream", async (_request, reply) => {
      const body = new PassThrough();
      reply.header("content-type", "text/event-stream; charset=utf-8").send(body);
      body.end(`data: ${JSON.stringify({ text: "x".repeat(3000) })}\n\n`);
      return reply;
    });
  });
});
afterAll(async () => {
  await test.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => getAccepting(test.app, url, acceptEncoding);

/** Expects the reply sent with `encoding` (its Content-Encoding) and answers its payload decoded with it. */
function decoded(response: LightMyRequestResponse, encoding: "br" | "gzip"): string {
  expect(response.headers["content-encoding"]).toBe(encoding);
  return (encoding === "br" ? brotliDecompressSync : gunzipSync)(response.rawPayload).toString();
}

describe("the web app's files", () => {
  it("travel as the build's brotli file to browsers that accept br, gzip to the others", async () => {
    const br = await get("/assets/app-1234.js", "gzip, deflate, br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decoded(br, "br")).toBe(script);

    const gz = await get("/assets/app-1234.js", "gzip");
    expect(gz.headers["cache-control"]).toContain("immutable");
    expect(decoded(gz, "gzip")).toBe(script);

    const plain = await get("/assets/app-1234.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.body).toBe(script);
  });

  it("serves index.html compressed for every client route, never cached", async () => {
    for (const url of ["/", "/tiers", "/auth/login"]) {
      const response = await get(url, "br");
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toContain("accept-encoding");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(decoded(response, "br")).toBe(page);
    }
    const gz = await get("/tiers", "gzip;q=1, br;q=0");
    expect(decoded(gz, "gzip")).toBe(page);
    const plain = await get("/tiers");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});

describe("API replies", () => {
  it("compress JSON over 1 KB on the fly, and say so in Vary", async () => {
    const expected = { items: Array.from({ length: 200 }, (_, i) => ({ i })) };
    const br = await get("/api/test/big", "br, gzip");
    expect(br.headers["content-type"]).toContain("application/json");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(JSON.parse(decoded(br, "br"))).toEqual(expected);
    const gz = await get("/api/test/big", "gzip");
    expect(JSON.parse(decoded(gz, "gzip"))).toEqual(expected);
    const plain = await get("/api/test/big");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(expected);
  });

  it("compress the public catalogue", async () => {
    const response = await get("/api/catalog", "br");
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(decoded(response, "br"))).toHaveProperty("tiers");
  });

  it("leave small replies as they are", async () => {
    const response = await get("/api/test/small", "br, gzip");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });

  it("never buffer a server-sent event stream to compress it", async () => {
    const response = await get("/api/test/stream", "br, gzip");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toContain("data: ");
  });
});

describe("negotiateEncoding", () => {
  it("prefers brotli, honours q=0 and the wildcard", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
