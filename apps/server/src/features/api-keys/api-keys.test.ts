// Personal API keys over the real API: created once and stored hashed, listed with last use, revoked at once,
// scoped, refused on account and session routes, and metered against the plan where a session's reads are not.
import { API_KEY_REFUSED_ROUTES, requiredScope } from "@aacos/domain/api-keys";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog } from "../../db/schema.js";
import { createApiKey, createUser } from "../../test/factories.js";
import { buildTestApp, sendFrom, type TestApp } from "../../test/helper.js";
import { hashApiKey } from "./index.js";

/** The app's clock: real time plus an offset the expiry and last-use tests move (tokens stay valid). */
let offsetMs = 0;
let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp({}, undefined, { clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(() => test.close());

const call = (
  headers: Record<string, string>,
  url: string,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" = "GET",
  payload?: object,
) => sendFrom(test.app, method, url, payload, headers);

describe("personal API keys", () => {
  it("shows the key once, stores only its hash and lists it without the secret", async () => {
    const user = await createUser(test.app);
    const created = await call(user.auth, "/api/me/api-keys", "POST", {
      name: "Nightly export",
      scopes: ["read"],
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const { id, key } = created.json();
    expect(key).toMatch(/^aacos_[A-Za-z0-9_-]{43}$/);
    expect(created.headers["cache-control"]).toBe("no-store");

    const [row] = await test.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(6));

    const listed = await call(user.auth, "/api/me/api-keys");
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.slice(10));
    expect(listed.json().items).toEqual([
      {
        id,
        name: "Nightly export",
        scopes: ["read"],
        prefix: key.slice(0, 10),
        last4: key.slice(-4),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    // Another user sees none of it and cannot revoke it.
    const other = await createUser(test.app);
    expect((await call(other.auth, "/api/me/api-keys")).json().items).toEqual([]);
    expect((await call(other.auth, `/api/me/api-keys/${id}`, "DELETE")).statusCode).toBe(404);
  });

  it("refuses bad input with field messages", async () => {
    const user = await createUser(test.app);
    const bad = await call(user.auth, "/api/me/api-keys", "POST", {
      name: "",
      scopes: ["admin"],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(["name"]));
    const past = await call(user.auth, "/api/me/api-keys", "POST", {
      name: "old",
      scopes: ["read"],
      expiresAt: "2000-01-01T00:00:00Z",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ expiresAt: "The expiry must be in the future" });
    expect((await call(user.auth, "/api/me/api-keys/not-a-uuid", "DELETE")).statusCode).toBe(400);
  });

  it("works as a bearer token, records its use at most once a minute, and stops at once when revoked", async () => {
    const user = await createUser(test.app);
    const apiKey = await createApiKey(test.app, user, { scopes: ["read"] });
    const profile = await call(apiKey.auth, "/api/users/profile");
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(user.id);

    const lastUsed = async () =>
      (await call(user.auth, "/api/me/api-keys")).json().items[0].lastUsedAt as string | null;
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await call(apiKey.auth, "/api/users/profile");
    expect(await lastUsed()).toBe(first);
    offsetMs += 61_000;
    await call(apiKey.auth, "/api/users/profile");
    expect(Date.parse((await lastUsed()) ?? "")).toBeGreaterThan(Date.parse(first ?? ""));

    expect((await call(user.auth, `/api/me/api-keys/${apiKey.id}`, "DELETE")).statusCode).toBe(204);
    const refused = await call(apiKey.auth, "/api/users/profile");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({
      code: "api_key_revoked",
      message: "API key has been revoked",
    });
    expect((await call(user.auth, "/api/me/api-keys")).json().items).toEqual([]);

    const audit = await test.database.db
      .select({ action: auditLog.action, targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.targetId, apiKey.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "api_key.created",
      "api_key.revoked",
    ]);
  });

  it("answers 401 for an expired or unknown key", async () => {
    const user = await createUser(test.app);
    const apiKey = await createApiKey(test.app, user, {
      scopes: ["read"],
      expiresAt: new Date(Date.now() + offsetMs + 3_600_000).toISOString(),
    });
    expect((await call(apiKey.auth, "/api/users/profile")).statusCode).toBe(200);
    offsetMs += 3_600_001;
    const expired = await call(apiKey.auth, "/api/users/profile");
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe("api_key_expired");
    const unknown = await call(
      { authorization: `Bearer aacos_${"x".repeat(43)}` },
      "/api/users/profile",
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe("invalid_api_key");
  });

  it("allows each scope only its routes", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const reader = await createApiKey(test.app, user, { scopes: ["read"] });
    const writer = await createApiKey(test.app, user, { scopes: ["write"] });
    const thinker = await createApiKey(test.app, user, { scopes: ["ai"] });

    expect((await call(reader.auth, "/api/aacos/universes")).statusCode).toBe(200);
    const noWrite = await call(reader.auth, "/api/aacos/universes", "POST", { name: "Key-made" });
    expect(noWrite.statusCode).toBe(403);
    expect(noWrite.json()).toMatchObject({
      error: { code: "api_key_scope", message: 'This API key lacks the "write" scope' },
      scope: "write",
    });
    const made = await call(writer.auth, "/api/aacos/universes", "POST", { name: "Key-made" });
    expect(made.statusCode).toBe(201);
    expect((await call(writer.auth, "/api/aacos/universes")).statusCode).toBe(403);

    // Commands need "ai", which "write" does not give; an "ai" key reaches the route (and its validation).
    const command = { command: "status", entityIds: [] };
    expect((await call(writer.auth, "/api/commands", "POST", command)).json().error.code).toBe(
      "api_key_scope",
    );
    expect((await call(thinker.auth, "/api/commands", "POST", command)).json().error.code).not.toBe(
      "api_key_scope",
    );
    // A batch needs no scope of its own; each item is checked as a call of its own.
    const batch = await call(reader.auth, "/api/batch", "POST", {
      requests: [
        { method: "GET", url: "/api/aacos/universes" },
        { method: "POST", url: "/api/aacos/universes", body: { name: "Via batch" } },
      ],
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().responses.map((item: { status: number }) => item.status)).toEqual([
      200, 403,
    ]);
  });

  it("is refused on every account and session route, whatever its scopes", async () => {
    const user = await createUser(test.app, { roles: ["user", "admin"], tier: "infinity" });
    const apiKey = await createApiKey(test.app, user);
    const refused = test.app.apiRoutes.filter(
      (route) => requiredScope(route.method, route.url) === "refused",
    );
    // Every rule names a route that exists.
    for (const [method, pattern] of API_KEY_REFUSED_ROUTES) {
      expect(
        refused.some(
          (route) =>
            (method === "*" || route.method === method) &&
            (pattern.endsWith("*")
              ? route.url.startsWith(pattern.slice(0, -1))
              : route.url === pattern),
        ),
        `${method} ${pattern}`,
      ).toBe(true);
    }
    expect(refused.length).toBeGreaterThan(30);
    for (const route of refused) {
      const url = route.url.replaceAll(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");
      const response = await call(apiKey.auth, url, route.method as "GET", {});
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error.code).toBe("api_key_not_allowed");
    }
    // Identity calls a script uses to check its key still work.
    expect((await call(apiKey.auth, "/api/auth/me")).statusCode).toBe(200);
    // The keys themselves: a key cannot mint another.
    const minted = await call(apiKey.auth, "/api/me/api-keys", "POST", {
      name: "x",
      scopes: ["read"],
    });
    expect(minted.statusCode).toBe(403);
  });

  it("belongs to its user: a suspended user's key stops with the account", async () => {
    const admin = await createUser(test.app, { roles: ["user", "admin"] });
    const user = await createUser(test.app);
    const apiKey = await createApiKey(test.app, user, { scopes: ["read"] });
    expect((await call(apiKey.auth, "/api/users/profile")).statusCode).toBe(200);
    expect(
      (await call(admin.auth, `/api/users/${user.id}/suspend`, "POST", { reason: "test" }))
        .statusCode,
    ).toBe(200);
    const after = await call(apiKey.auth, "/api/users/profile");
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe("account_suspended");
  });
});
