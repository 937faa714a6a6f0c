// The admin console's server side: the users list in SQL, suspension and sign-out-everywhere as the user feels them,
// the filtered audit log and its CSV export, incidents, the SMTP flag, and 403 for everyone but admins.
import { ACCOUNT_SUSPENDED_MESSAGE } from "@aacos/domain/admin-console";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../test/clock.js";
import { createUser, PASSWORD, type SignedInUser, someAddress } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { csvCell, csvRow } from "./csv.js";
import { EXPORT_PAGE_ROWS } from "./service.js";

let test: TestApp;
let admin: SignedInUser;
// The audit log's dates are the clock's: noon on 2026-11-24, whatever the machine's date.
const clock = testClock("2026-11-24T12:00:00Z");

beforeAll(async () => {
  test = await buildTestApp({}, undefined, { clock });
  admin = await createUser(test.app, { roles: ["user", "admin"], tier: "infinity" });
});
afterAll(() => test.close());

function get(url: string, who: SignedInUser = admin) {
  return test.app.inject({ method: "GET", url, headers: who.auth });
}
function post(url: string, who: SignedInUser = admin) {
  return test.app.inject({ method: "POST", url, headers: who.auth, payload: {} });
}
function login(identifier: string, password = PASSWORD) {
  return test.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "x-forwarded-for": someAddress() },
    payload: { email: identifier, password },
  });
}
function refresh(refreshToken: string) {
  return test.app.inject({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken } });
}
function me(who: SignedInUser) {
  return request(test.app, who, "GET", "/api/auth/me");
}

describe("the users list", () => {
  it("filters by role, tier, world and status, sorts and pages in SQL", async () => {
    const tag = `f${Date.now().toString(36)}`;
    const analyst = await createUser(test.app, {
      roles: ["analyst"],
      tier: "cosmic",
      world: "quantum",
    });
    const plain = await createUser(test.app, { tier: "cosmic" });
    await request(test.app, admin, "PUT", `/api/users/${plain.id}`, {
      displayName: `${tag} plain`,
    });
    await request(test.app, admin, "PUT", `/api/users/${analyst.id}`, {
      displayName: `${tag} analyst`,
    });

    const byRole = await get(`/api/users?search=${tag}&role=analyst`);
    expect(byRole.statusCode).toBe(200);
    expect(byRole.json().items.map((u: { id: string }) => u.id)).toEqual([analyst.id]);

    const byWorld = await get(`/api/users?search=${tag}&tier=cosmic&world=quantum`);
    expect(byWorld.json().items.map((u: { id: string }) => u.id)).toEqual([analyst.id]);

    const both = await get(`/api/users?search=${tag}&tier=cosmic&sort=username&order=asc`);
    const names = both.json().items.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
    expect(both.json().total).toBe(2);

    const paged = await get(`/api/users?search=${tag}&pageSize=1&page=2&sort=username&order=asc`);
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.json().items[0].username).toBe(names[1]);

    await post(`/api/users/${plain.id}/suspend`);
    const suspended = await get(`/api/users?search=${tag}&status=suspended`);
    expect(suspended.json().items.map((u: { id: string }) => u.id)).toEqual([plain.id]);
    expect(suspended.json().items[0].suspendedAt).toEqual(expect.any(String));
    const active = await get(`/api/users?search=${tag}&status=active`);
    expect(active.json().items.map((u: { id: string }) => u.id)).toEqual([analyst.id]);
  });

  it("sorts by last sign-in, never-signed-in last", async () => {
    const response = await get("/api/users?sort=lastSignIn&order=desc&pageSize=100");
    expect(response.statusCode).toBe(200);
    const stamps: (string | null)[] = response
      .json()
      .items.map((u: { lastSignInAt: string | null }) => u.lastSignInAt);
    const signedIn = stamps.filter((s): s is string => s !== null);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(signedIn).toEqual([...signedIn].sort().reverse());
    expect(stamps.slice(0, signedIn.length)).toEqual(signedIn);
  });

  it("answers bad filters with 400 and field messages", async () => {
    for (const query of ["role=king", "tier=platinum", "status=gone", "sort=password", "page=0"]) {
      const response = await get(`/api/users?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(Object.keys(response.json().error.fields ?? {})).toHaveLength(1);
    }
  });
});

describe("suspension", () => {
  it("blocks the user's existing token at once, their refresh and their sign-in; reactivation lets them back", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    expect((await me(user)).statusCode).toBe(200);

    const suspend = await post(`/api/users/${user.id}/suspend`);
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().user.suspendedAt).toEqual(expect.any(String));

    const blocked = await me(user);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toEqual({
      code: "account_suspended",
      message: ACCOUNT_SUSPENDED_MESSAGE,
    });
    expect((await get("/api/usage/me", user)).statusCode).toBe(403);
    expect((await refresh(user.refreshToken)).statusCode).toBeGreaterThanOrEqual(401);

    // The reason is told only to someone who knows the password.
    const wrong = await login(user.email, "Wr0ng!password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe("Invalid email or password");
    const right = await login(user.username);
    expect(right.statusCode).toBe(403);
    expect(right.json().error.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(right.json().token).toBeUndefined();

    const reactivate = await post(`/api/users/${user.id}/reactivate`);
    expect(reactivate.statusCode).toBe(200);
    expect(reactivate.json().user.suspendedAt).toBeNull();
    // The old session stays ended; a new sign-in works.
    expect((await me(user)).statusCode).toBe(401);
    const again = await login(user.email);
    expect(again.statusCode).toBe(200);
    const fresh = { ...user, auth: { authorization: `Bearer ${again.json().token}` } };
    expect((await me(fresh)).statusCode).toBe(200);

    const audit = await get(`/api/admin/audit?target=${user.id}`);
    const actions = audit.json().items.map((row: { action: string }) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["user.suspended", "user.reactivated"]));
    const suspendedRow = audit
      .json()
      .items.find((row: { action: string }) => row.action === "user.suspended");
    expect(suspendedRow).toMatchObject({ actorId: admin.id, actorUsername: admin.username });
  });

  it("refuses to suspend oneself or the last active admin", async () => {
    const self = await post(`/api/users/${admin.id}/suspend`);
    expect(self.statusCode).toBe(409);
    const fresh = await buildTestApp();
    try {
      const only = await createUser(fresh.app, { roles: ["admin"] });
      const second = await createUser(fresh.app, { roles: ["admin"] });
      const first = await request(fresh.app, second, "POST", `/api/users/${only.id}/suspend`);
      expect(first.statusCode).toBe(200);
      // `second` is now the only admin who can sign in: it cannot be demoted either.
      const demote = await request(fresh.app, second, "PUT", `/api/users/${second.id}`, {
        roles: ["user"],
      });
      expect(demote.statusCode).toBe(409);
    } finally {
      await fresh.close();
    }
  });
});

describe("sign out everywhere", () => {
  it("kills every refresh token and access token of the user", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const second = await login(user.email);
    const secondAuth = { authorization: `Bearer ${second.json().token}` };
    const done = await post(`/api/users/${user.id}/sign-out-everywhere`);
    expect(done.statusCode).toBe(200);
    expect(done.json().sessions).toBe(2);
    expect((await me(user)).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/auth/me", headers: secondAuth }))
        .statusCode,
    ).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await refresh(second.json().refreshToken)).statusCode).toBe(401);
    // Not suspended: signing in again works.
    expect((await login(user.email)).statusCode).toBe(200);
  });
});

describe("the audit log", () => {
  it("filters by actor, action, target and dates", async () => {
    const target = await createUser(test.app);
    await post(`/api/users/${target.id}/sign-out-everywhere`);
    const byActor = await get(`/api/admin/audit?actor=${admin.username}&action=user.signed`);
    expect(byActor.statusCode).toBe(200);
    expect(byActor.json().items.length).toBeGreaterThan(0);
    for (const row of byActor.json().items) {
      expect(row).toMatchObject({ actorId: admin.id, action: "user.signed_out_everywhere" });
    }
    const byTarget = await get(`/api/admin/audit?target=${target.username}`);
    expect(byTarget.json().items.map((row: { targetId: string }) => row.targetId)).toContain(
      target.id,
    );
    const today = "2026-11-24";
    const later = "2026-11-26";
    expect((await get(`/api/admin/audit?from=${later}`)).json().total).toBe(0);
    expect((await get("/api/admin/audit?to=2026-11-23")).json().total).toBe(0);
    expect((await get(`/api/admin/audit?from=${today}&to=${today}`)).json().total).toBeGreaterThan(
      0,
    );
    const backwards = await get(`/api/admin/audit?from=${later}&to=${today}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toBeDefined();
    expect((await get("/api/admin/audit?from=yesterday")).statusCode).toBe(400);
  });

  it("exports matching rows as CSV, escaped and with formulas defused", async () => {
    await test.app.audit.record(
      { actorId: null, ip: "10.0.0.1", userAgent: "-2+3" },
      "auth.login_failed",
      '=HYPERLINK("http://evil")',
      { identifier: '@evil, "quoted"\nline' },
    );
    const response = await get("/api/admin/audit.csv?action=auth.login_failed");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="audit-/);
    const body = response.body.replace(/^\uFEFF/, "");
    expect(
      body.startsWith(
        "id,createdAt,actorId,actorUsername,action,targetId,targetUsername,ip,userAgent,data\r\n",
      ),
    ).toBe(true);
    expect(body).toContain(`,"'=HYPERLINK(""http://evil"")",,10.0.0.1,'-2+3,`);
    expect(body).toContain('"{""identifier"":""@evil, \\""quoted\\""\\nline""}"');
    // Only the filtered action.
    const lines = body.trim().split("\r\n").slice(1);
    for (const line of lines) expect(line).toContain(",auth.login_failed,");
    const exported = await get("/api/admin/audit?action=admin.audit_exported");
    expect(exported.json().items[0].data.filters).toEqual({ action: "auth.login_failed" });
  });

  it("streams more rows than one SQL page", async () => {
    for (let i = 0; i < EXPORT_PAGE_ROWS + 5; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          test.app.audit.record({ actorId: null }, "auth.logout", "bulk-row"),
        ),
      );
    }
    const response = await get("/api/admin/audit.csv?target=bulk-row");
    const rows = response.body.trim().split("\r\n").length - 1;
    expect(rows).toBe(Math.ceil((EXPORT_PAGE_ROWS + 5) / 50) * 50);
  });

  it("escapes cells as RFC 4180 asks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
    expect(csvCell(null)).toBe("");
    expect(csvRow(["a", "b\nc"])).toBe('a,"b\nc"\r\n');
  });
});

describe("incidents, mail and access", () => {
  it("lists incidents by status and search, and resolving one is audited", async () => {
    await test.app.services.security.recordIncident(
      { activity: "credential-stuffing", count: 12 },
      { ip: "10.9.9.9", userId: admin.id },
    );
    const open = await get("/api/admin/security/incidents?status=open&search=stuffing");
    expect(open.statusCode).toBe(200);
    expect(open.json().total).toBe(1);
    const incident = open.json().items[0];
    expect(incident).toMatchObject({ activity: "credential-stuffing", username: admin.username });
    await post(`/api/admin/security/incidents/${incident.id}/resolve`);
    expect(
      (await get("/api/admin/security/incidents?status=open&search=stuffing")).json().total,
    ).toBe(0);
    expect(
      (await get("/api/admin/security/incidents?status=resolved&search=stuffing")).json().total,
    ).toBe(1);
    const audit = await get(
      `/api/admin/audit?action=admin.incident_resolved&target=${incident.id}`,
    );
    expect(audit.json().total).toBe(1);
  });

  it("tells whether SMTP is configured", async () => {
    expect((await get("/api/admin/mail/status")).json()).toEqual({ smtpConfigured: false });
  });

  it("answers 403 to a signed-in non-admin on every console action", async () => {
    const user = await createUser(test.app, { roles: ["user", "analyst"], tier: "infinity" });
    const other = await createUser(test.app);
    for (const url of [
      "/api/admin/audit",
      "/api/admin/audit.csv",
      "/api/admin/security/incidents",
      "/api/admin/mail/status",
      "/api/users?status=suspended",
    ]) {
      expect({ url, status: (await get(url, user)).statusCode }).toEqual({ url, status: 403 });
    }
    for (const action of ["suspend", "reactivate", "sign-out-everywhere"]) {
      const response = await post(`/api/users/${other.id}/${action}`, user);
      expect({ action, status: response.statusCode }).toEqual({ action, status: 403 });
    }
    expect((await me(other)).statusCode).toBe(200);
  });
});
