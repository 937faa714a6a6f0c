// The API document: valid OpenAPI 3.1 by the specification's own schema, every registered route in it with its
// access and inputs, and a reference page that loads under the site's CSP (no inline script or style).
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { openApiPath } from "./openapi.js";

let testApp: TestApp;
type Operation = {
  security: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  const reply = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(reply.statusCode).toBe(200);
  paths = reply.json().paths;
});
afterAll(() => testApp.close());

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const reply = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
    const result = await new Validator().validate(reply.json());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(reply.json().openapi).toBe("3.1.0");
  });

  it("names every registered API route, with its path parameters", () => {
    const missing: string[] = [];
    for (const route of testApp.app.apiRoutes) {
      const operation = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (operation === undefined) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
        expect(operation.parameters).toContainEqual(expect.objectContaining({ name, in: "path" }));
      }
    }
    expect(missing).toEqual([]);
    expect(testApp.app.apiRoutes.length).toBeGreaterThan(150);
  });

  it("says who may call a route, its body, query and replies", () => {
    const health = paths["/api/health"]?.get;
    expect(health?.security).toEqual([]);
    const create = paths["/api/chat/conversations"]?.post;
    expect(create?.security).toEqual([{ session: [] }, { apiKey: ["write"] }]);
    expect(create?.requestBody).toMatchObject({
      content: { "application/json": { schema: { properties: { entityId: { type: "string" } } } } },
    });
    expect(Object.keys(create?.responses ?? {})).toEqual(
      expect.arrayContaining(["400", "401", "429"]),
    );
    const list = paths["/api/chat/conversations"]?.get;
    expect(list?.parameters).toContainEqual(
      expect.objectContaining({ name: "pageSize", in: "query" }),
    );
    // Account routes refuse personal API keys: only a session token is offered.
    expect(paths["/api/me/api-keys"]?.get?.security).toEqual([{ session: [] }]);
  });

  it("describes streams and downloads by their content type", () => {
    const send = paths["/api/chat/conversations/{id}/messages"]?.post;
    expect(JSON.stringify(send?.responses)).toContain("text/event-stream");
    const exported = paths["/api/chat/conversations/{id}/export"]?.get;
    expect(JSON.stringify(exported?.responses)).toContain("text/markdown");
  });
});

describe("GET /api/docs", () => {
  it("is a page whose script and styles are files of this server, allowed by the CSP", async () => {
    const page = await testApp.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(content?.trim()).toBe("");
      expect(attributes).toMatch(/src="\/api\/docs\/reference\.js"/);
    }
    expect(page.body).not.toMatch(/<style|style="/);
    const script = await testApp.app.inject({ method: "GET", url: "/api/docs/reference.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(script.body).toContain("/api/openapi.json");
    const styles = await testApp.app.inject({ method: "GET", url: "/api/docs/reference.css" });
    expect(styles.headers["content-type"]).toMatch(/^text\/css/);
  });
});
