// Cross-cutting behaviour: security headers, the error shape, no leaking of internal errors, the web app fallback.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ErrorCode, isKnownDetail } from "@aacos/domain/errors";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { expectErrorReply } from "../test/expected.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { AppError, conflict, notFound } from "./errors.js";

let test: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "aacos-web-"));
  await mkdir(path.join(webDist, "assets"));
  await writeFile(
    path.join(webDist, "index.html"),
    '<!doctype html><html lang="he" dir="rtl"><title>AACOS</title></html>',
  );
  await writeFile(path.join(webDist, "assets", "app-1234.js"), "console.log('app')");
  // Routes that exist only in this test, to drive the error handler with real failures.
  test = await buildTestApp({ WEB_DIST: webDist }, (app, database) => {
    app.get("/api/test/broken-query", async () => {
      await database.db.execute(sql`select * from table_that_does_not_exist`);
      return { ok: true };
    });
    app.get("/api/test/outside-the-union", async () => {
      // Only a cast makes a code outside the union; the handler refuses to send it.
      throw new AppError("made_up" as ErrorCode, 400, "A made-up error");
    });
    app.get("/api/test/typed", async () => {
      throw conflict(
        { reason: "alert_rule_limit", max: 20 },
        "You can keep at most 20 alert rules",
      );
    });
    app.post(
      "/api/test/validated",
      { schema: { body: z.object({ email: z.email() }) } },
      async () => ({ ok: true }),
    );
  });
});
afterAll(async () => {
  await test.close();
  await rm(webDist, { recursive: true, force: true });
});

describe("security headers", () => {
  it("send helmet's strict set on pages", async () => {
    const response = await test.app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("let an API answer load nothing, be framed nowhere and be read by this origin only", async () => {
    for (const url of ["/api/health", "/api/test/broken-query"]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.headers["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });
});

describe("errors", () => {
  it("answer unknown API paths with the JSON error shape", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/nope" });
    expectErrorReply(response, 404, {
      code: "not_found",
      message: expect.any(String),
      params: { subject: "route", method: "GET", url: "/api/nope" },
    });
  });

  it("send each code from the union with its typed params beside the English message", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/test/typed" });
    expectErrorReply(response, 409, {
      code: "conflict",
      message: "You can keep at most 20 alert rules",
      params: { reason: "alert_rule_limit", max: 20 },
    });
  });

  it("refuse to send a code outside the union: 500, never the unknown code", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/test/outside-the-union" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side" },
    });
  });

  it("answer every kind of failure with a code (and meaning) from the union", async () => {
    const requests = [
      { method: "GET", url: "/api/nope" },
      { method: "GET", url: "/api/test/broken-query" },
      { method: "GET", url: "/api/test/typed" },
      { method: "GET", url: "/api/me" },
      { method: "POST", url: "/api/test/validated", payload: { email: "x" } },
      {
        method: "POST",
        url: "/api/test/validated",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      },
      {
        method: "POST",
        url: "/api/test/validated",
        headers: { "content-type": "text/x-unknown" },
        payload: "x",
      },
    ] as const;
    for (const request of requests) {
      const body = (await test.app.inject(request)).json();
      expect(isKnownDetail(body.error.code, body.error.params), JSON.stringify(body)).toBe(true);
    }
  });

  it("accept only the union's codes and meanings at compile time", () => {
    // Each line below fails `tsc -p apps/server` without its directive: the guarantee is the type, not this test.
    // @ts-expect-error: not a code of the union
    new AppError("made_up", 400, "x");
    // @ts-expect-error: limit_reached needs its params (which limit)
    new AppError("limit_reached", 403, "x");
    // @ts-expect-error: not a meaning of not_found
    notFound("spaceship", "No such spaceship");
    // @ts-expect-error: alert_rule_limit needs its max
    conflict("alert_rule_limit", "Too many rules");
    expect(notFound("universe", "No such universe").params).toEqual({ subject: "universe" });
  });

  it("never leak a database error's text", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/test/broken-query" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("table_that_does_not_exist");
    expect(response.json()).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side" },
    });
  });

  it("turn schema failures into 400 with field messages", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/test/validated",
      payload: { email: "not-an-email" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.message).toBe("Validation failed");
    expect(Object.keys(body.error.fields)).toEqual(["email"]);
  });

  it("answer malformed JSON with 400, not 500", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/test/validated",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeTypeOf("string");
  });

  it("answer what Node's HTTP parser refuses (headers too large, bytes that are not HTTP) in the one error shape", async () => {
    const address = await test.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const exchange = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), "127.0.0.1", () => socket.end(request));
        let answer = "";
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => {
          answer += chunk;
        });
        socket.on("close", () => resolve(answer));
        socket.on("error", reject);
      });
    const replyOf = (answer: string) => ({
      status: answer.split(" ")[1],
      body: JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)),
    });

    const huge = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(replyOf(huge)).toEqual({
      status: "431",
      body: { error: { code: "bad_request", message: "The request's headers are too large" } },
    });
    const garbage = await exchange("NOT HTTP AT ALL\r\n\r\n");
    expect(replyOf(garbage)).toEqual({
      status: "400",
      body: { error: { code: "bad_request", message: "The request is not valid HTTP" } },
    });
  });

  it("answer an address whose encoding is not UTF-8 with 400 in the one error shape", async () => {
    for (const url of ["/api/files/%ff%fe", "/api/aacos/universes/%C0%AF", "/%ff"]) {
      const response = await test.app.inject({ method: "GET", url });
      expectErrorReply(response, 400, {
        code: "bad_request",
        message: expect.stringContaining("is not a valid url component"),
      });
    }
  });
});

describe("the web app", () => {
  it("serves index.html for client routes so deep links work", async () => {
    for (const url of ["/", "/tiers", "/admin/settings", "/some/unknown/path"]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('dir="rtl"');
    }
  });

  it("answers a missing asset or file with 404, not the page, so no cache keeps a page as a script", async () => {
    for (const url of [
      "/assets/chunk-from-another-deploy.js",
      "/assets/app-1234.css",
      "/assets/..%2f..%2fpackage.json",
      "/favicon.ico",
      "/manifest.webmanifest",
    ]) {
      const response = await test.app.inject({ method: "GET", url });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json().error.code).toBe("not_found");
    }
    // A dotted word inside a client route is still a page.
    const page = await test.app.inject({ method: "GET", url: "/teams/invite/a.b-c_d" });
    expect([page.statusCode, page.headers["content-type"]]).toEqual([
      200,
      "text/html; charset=utf-8",
    ]);
  });

  it("caches fingerprinted assets for a year and pages not at all", async () => {
    const asset = await test.app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const page = await test.app.inject({ method: "GET", url: "/tiers" });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });
});
