// POST /api/batch: sub-requests of the same API with their own statuses, the plan's maximum, and no way out of /api/.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { subRequestTarget } from "./service.js";

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

function batch(auth: { authorization: string }, requests: unknown[]) {
  return test.app.inject({
    method: "POST",
    url: "/api/batch",
    headers: auth,
    payload: { requests },
  });
}

describe("POST /api/batch", () => {
  it("runs each sub-request as the caller, with its own status and body", async () => {
    const user = await createUser(test.app);
    const response = await batch(user.auth, [
      { method: "GET", url: "/api/auth/me" },
      { method: "GET", url: "/api/files" },
      { method: "GET", url: `/api/files/${randomUUID()}` },
      { method: "PATCH", url: "/api/auth/profile", body: { displayName: "" } },
      { method: "GET", url: "/api/no-such-thing" },
    ]);
    expect(response.statusCode).toBe(200);
    const { responses } = response.json();
    expect(responses.map((r: { status: number }) => r.status)).toEqual([200, 200, 404, 400, 404]);
    expect(responses[0].body.user.id).toBe(user.id);
    expect(responses[1].body).toMatchObject({ items: [], usedBytes: 0 });
    expect(responses[2].body.error.code).toBe("not_found");
  });

  it("refuses more sub-requests than the plan's maxBatchOperations (genesis: 10)", async () => {
    const user = await createUser(test.app);
    const eleven = Array.from({ length: 11 }, () => ({ method: "GET", url: "/api/files" }));
    const response = await batch(user.auth, eleven);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: "validation_failed",
      message: "Validation failed",
      fields: { requests: "Maximum length is 10" },
      fieldCodes: { requests: { code: "too_many", params: { max: 10 } } },
    });
  });

  it("meters every sub-request against the plan, even a read", async () => {
    const user = await createUser(test.app);
    // Each item is one of genesis' 10 plan calls a minute (the batch itself only carries them).
    const ten = Array.from({ length: 10 }, () => ({ method: "GET", url: "/api/files" }));
    const response = await batch(user.auth, ten);
    expect(response.statusCode).toBe(200);
    const statuses = response.json().responses.map((r: { status: number }) => r.status);
    expect(statuses).toEqual(Array(10).fill(200));
    const eleventh = await batch(user.auth, [{ method: "GET", url: "/api/files" }]);
    expect(eleventh.json().responses[0].status).toBe(429);
    // The same read outside a batch is the web app's own and goes on.
    const direct = await request(test.app, user, "GET", "/api/files");
    expect(direct.statusCode).toBe(200);
  });

  it("refuses URLs outside the API, nested batches and unknown methods", async () => {
    const user = await createUser(test.app);
    for (const request of [
      { method: "GET", url: "/api/batch" },
      { method: "POST", url: "/api/%62atch" },
      { method: "GET", url: "https://example.com/api/files" },
      { method: "GET", url: "//example.com/api/files" },
      { method: "GET", url: "/health" },
      { method: "OPTIONS", url: "/api/files" },
    ]) {
      const response = await batch(user.auth, [request]);
      expect({ request, status: response.statusCode }).toEqual({ request, status: 400 });
    }
    const empty = await batch(user.auth, []);
    expect(empty.statusCode).toBe(400);
  });
});

describe("subRequestTarget", () => {
  it("keeps the path and query of an API URL and normalises dot segments", () => {
    expect(subRequestTarget("/api/files?x=1")).toBe("/api/files?x=1");
    expect(subRequestTarget("/api/x/../batch")).toBeNull();
    expect(subRequestTarget("/api/x/../../etc")).toBeNull();
    expect(subRequestTarget("/api/BATCH")).toBeNull();
    expect(subRequestTarget("/api\\files")).toBeNull();
  });
});
