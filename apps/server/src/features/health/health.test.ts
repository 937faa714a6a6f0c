// The health check reports the database truthfully.
import { describe, expect, it } from "vitest";
import { useAppPerTest } from "../../test/helper.js";

const buildAppForTest = useAppPerTest();

describe("GET /api/health", () => {
  it("answers ok when the database answers", async () => {
    const test = await buildAppForTest();
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: "ok", db: "ok" });
    expect(body.database).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(body.redis).toBe(process.env.REDIS_URL ? "ok" : "disabled");
  });

  it("answers 503 when the database is gone", async () => {
    const test = await buildAppForTest();
    await test.database.close();
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: "error", db: "error" });
  });
});
