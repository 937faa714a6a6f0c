// Every API route × every role: 401 without a token, 403 without the role or permission, and no leak either way.
// The route list comes from the app itself, so a new endpoint is covered the day it is added.
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Role } from "@aacos/domain/access";
import { ANALYTICS_REPORTS } from "@aacos/domain/analytics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActionsOn } from "../../test/audit.js";
import { createUser, type SignedInUser, someAddress } from "../../test/factories.js";
import { buildTestApp, request, type TestApp, uploadFile } from "../../test/helper.js";

/** Routes anyone may call (sign-in steps and public data); everything else needs a token. */
const PUBLIC = new Set([
  "GET /api/health",
  // The API reference: the OpenAPI document and the page that shows it.
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /api/docs/reference.js",
  "GET /api/docs/reference.css",
  "GET /api/catalog",
  "GET /api/settings/public",
  "GET /api/billing/status",
  // Stripe's webhook: authenticated by its signature, not a bearer token.
  "POST /api/billing/webhook",
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/refresh",
  "POST /api/auth/logout",
  "POST /api/auth/reset-password",
  "POST /api/auth/reset-password/confirm",
  "POST /api/auth/mfa/verify",
  "GET /api/auth/oauth/providers",
  "GET /api/auth/oauth/:provider/start",
  "POST /api/auth/oauth/:provider",
  "POST /api/auth/passkeys/login/options",
  "POST /api/auth/passkeys/login/verify",
  "POST /api/setup",
  "GET /api/setup",
  "POST /api/errors",
  "POST /api/security/events",
  "POST /api/security/incidents",
  // The WebSocket authenticates by its single-use ticket, not a bearer token.
  "GET /api/realtime",
]);

/** Routes that need admin (role admin + permission admin.access). */
const ADMIN_ONLY = new Set([
  "GET /api/admin/settings",
  "PUT /api/admin/settings/tiers/:tier",
  "DELETE /api/admin/settings/tiers/:tier",
  "PUT /api/admin/settings/worlds/:world",
  "DELETE /api/admin/settings/worlds/:world",
  "GET /api/admin/settings/history",
  "PUT /api/admin/settings/registration",
  "PUT /api/admin/settings/maintenance",
  "PUT /api/admin/settings/self-service",
  "GET /api/admin/plan-requests",
  "POST /api/admin/plan-requests/:id/grant",
  "POST /api/admin/plan-requests/:id/decline",
  "POST /api/admin/settings/test-smtp",
  "POST /api/admin/settings/test-ai",
  "GET /api/users",
  "PUT /api/users/:id",
  "DELETE /api/users/:id",
  "POST /api/users/:id/suspend",
  "POST /api/users/:id/reactivate",
  "POST /api/users/:id/sign-out-everywhere",
  "GET /api/admin/audit",
  "GET /api/admin/audit.csv",
  "GET /api/admin/security/incidents",
  "GET /api/admin/mail/status",
  "GET /api/admin/outbox",
  "GET /api/admin/errors",
  "POST /api/admin/errors/:id/resolve",
  "GET /api/admin/security",
  "POST /api/admin/security/incidents/:id/resolve",
  "POST /api/events",
  "GET /api/admin/teams",
  "GET /api/admin/jobs/dead-letters",
  "POST /api/admin/jobs/dead-letters/:id/retry",
  "DELETE /api/admin/jobs/dead-letters/:id",
]);

/** Routes of autonomous control: role admin or developer (ROUTE_ACCESS["/autonomous-control"]). */
const ADMIN_OR_DEVELOPER = new Set([
  "GET /api/autonomous/rules",
  "POST /api/autonomous/rules",
  "GET /api/autonomous/rules/:id",
  "PUT /api/autonomous/rules/:id",
  "DELETE /api/autonomous/rules/:id",
  "POST /api/autonomous/rules/:id/enable",
  "POST /api/autonomous/rules/:id/disable",
  "POST /api/autonomous/rules/:id/run",
  "GET /api/autonomous/executions",
  "GET /api/autonomous/kill-switch",
  "PUT /api/autonomous/kill-switch",
  "GET /api/autonomous/cron-preview",
]);

/** Analytics: role admin or analyst with analytics.view (ROUTE_ACCESS["/admin/analytics"]). */
const ADMIN_OR_ANALYST = new Set(
  ANALYTICS_REPORTS.map((report) => `GET /api/admin/analytics/${report}`),
);

const ROLES: Role[] = ["user", "admin", "operator", "developer", "analyst"];
let test: TestApp;
const signedIn = new Map<Role, SignedInUser>();

beforeAll(async () => {
  test = await buildTestApp();
  // Infinity has no call limits, so walking every route does not run into the meter.
  for (const role of ROLES) {
    signedIn.set(role, await createUser(test.app, { roles: [role], tier: "infinity" }));
  }
});
afterAll(() => test.close());

/** The signed-in user of that role (every role signs in before the tests). */
function signedInAs(role: Role): SignedInUser {
  const user = signedIn.get(role);
  if (user === undefined) throw new Error(`setup: no ${role}`);
  return user;
}

/** A role the route lets through: neither 401 nor 403 (the key and role name a failure). */
function expectLetThrough(key: string, role: Role, status: number) {
  expect({ key, role, status }).not.toMatchObject({ status: 401 });
  expect({ key, role, status }).not.toMatchObject({ status: 403 });
}

/** A role the route answers 200 (the key and role name a failure). */
function expectAnswered(key: string, role: Role, status: number) {
  expect({ key, role, status }).toEqual({ key, role, status: 200 });
}

function call(method: string, url: string, headers: Record<string, string> = {}) {
  const path = url
    .replace(/:id\b/g, randomUUID())
    .replace(/:provider\b/g, "none")
    .replace(/\/\*$/, "/x");
  return test.app.inject({
    method: method as "GET",
    url: path,
    headers,
    // More routes than a visitor's 100 calls a minute: each call comes from its own address.
    remoteAddress: someAddress(),
    ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
  });
}

describe("the access matrix", () => {
  it("knows every API route", () => {
    const routes = test.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(routes).toContain("GET /api/auth/me");
    expect(routes).toContain("GET /api/users");
    expect(routes.length).toBeGreaterThan(15);
  });

  it("answers 401 to a visitor on every protected route, before reading the body", async () => {
    for (const route of test.app.apiRoutes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC.has(key)) continue;
      const response = await call(route.method, route.url);
      expect({ key, status: response.statusCode }).toEqual({ key, status: 401 });
      expect(response.json().error.code).toBe("unauthorized");
    }
  });

  it("answers 401 to a forged or expired token", async () => {
    const forged = { authorization: `Bearer ${signedInAs("admin").token.slice(0, -4)}AAAA` };
    for (const route of test.app.apiRoutes.filter((r) => ADMIN_ONLY.has(`${r.method} ${r.url}`))) {
      expect((await call(route.method, route.url, forged)).statusCode).toBe(401);
    }
  });

  it("answers 403 to every role but admin on admin routes, and lets admins through", async () => {
    for (const route of test.app.apiRoutes) {
      const key = `${route.method} ${route.url}`;
      if (!ADMIN_ONLY.has(key)) continue;
      for (const role of ROLES) {
        const user = signedInAs(role);
        const response = await call(route.method, route.url, user.auth);
        if (role === "admin") {
          expectLetThrough(key, role, response.statusCode);
        } else {
          expect({ key, role, status: response.statusCode }).toEqual({ key, role, status: 403 });
          expect(JSON.stringify(response.json())).not.toContain("@example.com");
        }
      }
    }
  });

  it.each([
    // Made-up ids and empty bodies get 404 and 400 here: any answer but 401 and 403 lets the role in.
    ["developer", "autonomous control", ADMIN_OR_DEVELOPER, expectLetThrough],
    // Every analytics report answers 200 to those who may read it.
    ["analyst", "analytics", ADMIN_OR_ANALYST, expectAnswered],
  ] as const)(
    "answers 403 to every role but admin and %s on %s",
    async (also, _area, keys, letIn) => {
      const routes = test.app.apiRoutes.filter((r) => keys.has(`${r.method} ${r.url}`));
      expect(routes).toHaveLength(keys.size);
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        for (const role of ROLES) {
          const response = await call(route.method, route.url, signedInAs(role).auth);
          if (role === "admin" || role === also) {
            letIn(key, role, response.statusCode);
          } else {
            expect({ key, role, status: response.statusCode }).toEqual({ key, role, status: 403 });
          }
        }
      }
    },
  );

  it("lets any signed-in role use the signed-in routes", async () => {
    for (const route of test.app.apiRoutes) {
      const key = `${route.method} ${route.url}`;
      if (ADMIN_OR_DEVELOPER.has(key) || ADMIN_OR_ANALYST.has(key)) continue;
      if (PUBLIC.has(key) || ADMIN_ONLY.has(key) || route.method !== "GET") continue;
      if (route.url.includes(":")) continue;
      for (const role of ROLES) {
        const response = await call(route.method, route.url, signedInAs(role).auth);
        expect({ key, role, status: response.statusCode }).toEqual({ key, role, status: 200 });
      }
    }
  });
});

describe("users API rules", () => {
  it("lets a user read only their own record", async () => {
    const me = signedInAs("user");
    const other = signedInAs("analyst");
    const own = await request(test.app, me, "GET", `/api/users/${me.id}`);
    expect(own.statusCode).toBe(200);
    const theirs = await request(test.app, me, "GET", `/api/users/${other.id}`);
    expect(theirs.statusCode).toBe(403);
  });

  it("lists with search, paging and sorting for admins", async () => {
    const admin = signedInAs("admin");
    const firstTwo = "/api/users?pageSize=2&page=1&sort=email&order=asc";
    const page = await request(test.app, admin, "GET", firstTwo);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.items[0].email < body.items[1].email).toBe(true);
    const analyst = signedInAs("analyst");
    const found = await request(test.app, admin, "GET", `/api/users?search=${analyst.username}`);
    expect(found.json().items.map((u: { id: string }) => u.id)).toEqual([analyst.id]);
    const bad = await request(test.app, admin, "GET", "/api/users?pageSize=1000");
    expect(bad.statusCode).toBe(400);
  });

  it("lets an admin change roles and plan, recorded in the audit log", async () => {
    const admin = signedInAs("admin");
    const target = await createUser(test.app);
    const response = await request(test.app, admin, "PUT", `/api/users/${target.id}`, {
      roles: ["user", "operator"],
      tier: "cosmic",
      world: "quantum",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      roles: ["user", "operator"],
      tier: "cosmic",
      world: "quantum",
    });
    const permissions = await request(test.app, target, "GET", "/api/auth/permissions");
    expect(permissions.json().roles).toEqual(["user", "operator"]);
    const actions = await auditActionsOn(test.app, admin, target.id);
    expect(actions).toEqual(expect.arrayContaining(["user.roles_changed", "user.plan_changed"]));
    const badTier = await request(test.app, admin, "PUT", `/api/users/${target.id}`, {
      tier: "platinum",
    });
    expect(badTier.statusCode).toBe(400);
  });

  it("never removes the last admin", async () => {
    const fresh = await buildTestApp();
    try {
      const soleAdmin = await createUser(fresh.app, { roles: ["admin"] });
      const url = `/api/users/${soleAdmin.id}`;
      const demote = await fresh.app.inject({
        method: "PUT",
        url,
        headers: soleAdmin.auth,
        payload: { roles: ["user"] },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.message).toBe("The last admin cannot be removed");
      const remove = await fresh.app.inject({ method: "DELETE", url, headers: soleAdmin.auth });
      expect(remove.statusCode).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it("takes a deleted user's uploaded bytes off the disk with their files", async () => {
    const admin = signedInAs("admin");
    const doomed = await createUser(test.app);
    const uploaded = await uploadFile(
      test.app,
      doomed,
      "notes.txt",
      "text/plain",
      Buffer.from("שלום"),
    );
    expect(uploaded.statusCode).toBe(201);
    const bytesOf = async () => {
      const folder = path.join(test.config.dataDir, "files", doomed.id);
      return readdir(folder).catch(() => [] as string[]);
    };
    expect(await bytesOf()).toHaveLength(1);
    const removed = await request(test.app, admin, "DELETE", `/api/users/${doomed.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await bytesOf()).toEqual([]);
  });

  it("ends a deleted user's sessions at once", async () => {
    const admin = signedInAs("admin");
    const doomed = await createUser(test.app);
    expect((await request(test.app, doomed, "GET", "/api/auth/me")).statusCode).toBe(200);
    const removed = await request(test.app, admin, "DELETE", `/api/users/${doomed.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await request(test.app, doomed, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect(
      (
        await test.app.inject({
          method: "POST",
          url: "/api/auth/refresh",
          payload: { refreshToken: doomed.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
  });
});
