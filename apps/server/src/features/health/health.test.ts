// The health check reports the database truthfully.
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

describe("GET /api/health", () => {
  it("answers ok when the database answers", async () => {
    test = await buildTestApp();
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: "ok", db: "ok" });
    expect(body.database).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(body.redis).toBe(process.env.REDIS_URL ? "ok" : "disabled");
  });

  it("answers 503 when the database is gone", async () => {
    test = await buildTestApp();
    await test.database.close();
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: "error", db: "error" });
  });
});
