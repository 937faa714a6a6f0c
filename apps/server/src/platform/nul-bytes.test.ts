// A NUL character is never valid input: every route answers 400 with a field message for one in a path parameter,
// a query parameter or a JSON body string, never a 5xx (PostgreSQL refuses NUL in text; that used to surface as 500).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema.js";
import { createUser, type SignedInUser, someAddress } from "../test/factories.js";
import { buildTestApp, type TestApp } from "../test/helper.js";

let test: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  // An admin on the unlimited plan reaches every route past its role checks and the meter.
  admin = await createUser(test.app, {
    roles: ["admin", "analyst", "developer"],
    tier: "infinity",
  });
});
afterAll(() => test.close());

const NUL = "%00";
const PARAMETER = /:([A-Za-z]+)/g;

/** The route's path with each parameter filled: `nulIn` gets a NUL byte, the others a plausible value. */
function pathOf(url: string, nulIn: string | null): string {
  return url
    .replace(PARAMETER, (_match, name: string) =>
      name === nulIn ? `a${NUL}b` : name === "provider" ? "none" : randomUUID(),
    )
    .replace(/\/\*$/, `/x${nulIn === "*" ? NUL : ""}`);
}

/** A new session for each call: some routes walked (sign out everywhere) end the caller's sessions. */
async function freshAuth(): Promise<{ authorization: string }> {
  const [row] = await test.database.db.select().from(users).where(eq(users.id, admin.id));
  if (row === undefined) throw new Error("the admin is gone");
  const { token } = await test.app.services.accounts.issueSession(row, false, {
    ip: "127.0.0.1",
    userAgent: "test",
  });
  return { authorization: `Bearer ${token}` };
}

async function send(method: string, url: string, payload?: unknown) {
  return test.app.inject({
    method: method as "GET",
    url,
    headers: await freshAuth(),
    remoteAddress: someAddress(),
    ...(method === "GET" || method === "DELETE" ? {} : { payload: (payload ?? {}) as object }),
  });
}

describe("NUL bytes in input", () => {
  it("answer 400 with a field message, never a 5xx, in every path parameter of every route", async () => {
    const failures: string[] = [];
    let walked = 0;
    for (const route of test.app.apiRoutes) {
      if (route.url === "/api/realtime") continue;
      const names = [...route.url.matchAll(PARAMETER)].map((match) => match[1] ?? "");
      if (route.url.endsWith("/*")) names.push("*");
      for (const name of names) {
        walked += 1;
        const response = await send(route.method, pathOf(route.url, name));
        const fields = response.json().error?.fields ?? {};
        if (response.statusCode !== 400 || fields[name] === undefined) {
          failures.push(`${route.method} ${route.url} :${name} → ${response.statusCode}`);
        }
      }
    }
    expect(walked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it("answer 400 with a field message, never a 5xx, in every query parameter of every route", async () => {
    const failures: string[] = [];
    let walked = 0;
    for (const route of test.app.apiRoutes) {
      if (route.url === "/api/realtime") continue;
      // Every parameter the schema names, and one it does not.
      for (const name of [...route.query, "q"]) {
        walked += 1;
        const response = await send(route.method, `${pathOf(route.url, null)}?${name}=a${NUL}b`);
        const fields = response.json().error?.fields ?? {};
        if (response.statusCode !== 400 || fields[name] === undefined) {
          failures.push(`${route.method} ${route.url} ?${name} → ${response.statusCode}`);
        }
      }
    }
    expect(walked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it("refuse a NUL byte in a JSON body string with the field's name", async () => {
    const response = await send("POST", "/api/aacos/universes", {
      name: "Orbit\u0000",
      description: "",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: "validation_failed",
      message: "Validation failed",
      fields: { name: "Invalid format" },
      fieldCodes: { name: { code: "invalid_format", params: {} } },
    });
    const nested = await send("POST", "/api/errors", {
      message: "boom",
      context: { list: ["fine", "bad\u0000"] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields).toEqual({ "context.list.1": "Invalid format" });
  });

  it("still answers a clean request", async () => {
    const response = await send("GET", "/api/aacos/universes?q=orbit");
    expect(response.statusCode).toBe(200);
  });
});
