// Test mode (no Stripe) and plan requests through the real app: the free provider says so, the admins' switch turns
// self-service plan changes off ("Ask your admin"), custom-priced plans are requested, mailed to admins and granted
// (audited) in the admin console, and a price set to −1 later is custom at once.
import { BILLING_MESSAGES } from "@aacos/domain/billing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let test: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  admin = await createUser(test.app, { roles: ["user", "admin"] });
});
afterAll(() => test.close());

function send(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  user?: SignedInUser,
  payload?: object,
) {
  return test.app.inject({ method, url, headers: user?.auth ?? {}, payload });
}

describe("test mode", () => {
  it("says plan changes are free, and a user's upgrade applies at once (200)", async () => {
    expect((await send("GET", "/api/billing/status")).json()).toEqual({
      mode: "test",
      selfService: true,
    });
    const user = await createUser(test.app);
    const response = await send("POST", "/api/plan/tier", user, { tier: "quantum" });
    expect(response.statusCode).toBe(200);
    expect(response.json().tier).toBe("quantum");
    const me = await send("GET", "/api/billing/me", user);
    expect(me.json()).toEqual({ mode: "test", subscriptions: [], graceEndsAt: null, invoices: [] });
    expect((await send("POST", "/api/billing/portal", user)).statusCode).toBe(404);
    expect((await send("POST", "/api/billing/webhook", undefined, {})).statusCode).toBe(404);
  });

  it("with self-service off, users ask their admin instead of changing the plan", async () => {
    const off = await send("PUT", "/api/admin/settings/self-service", admin, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect((await send("GET", "/api/billing/status")).json().selfService).toBe(false);
    expect((await send("GET", "/api/settings/public")).json().selfServicePlans).toBe(false);
    const user = await createUser(test.app);
    const refused = await send("POST", "/api/plan/tier", user, { tier: "cosmic" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "self_service_off",
      message: BILLING_MESSAGES.selfServiceOff,
    });
    const asked = await send("POST", "/api/plan/requests", user, {
      kind: "tier",
      plan: "cosmic",
      reason: "ask",
    });
    expect(asked.statusCode).toBe(201);
    expect((await send("GET", "/api/plan/me", user)).json().tier).toBe("genesis");
    // A plain user may not flip the switch.
    expect(
      (await send("PUT", "/api/admin/settings/self-service", user, { enabled: true })).statusCode,
    ).toBe(403);
    await send("PUT", "/api/admin/settings/self-service", admin, { enabled: true });
    expect((await send("POST", "/api/plan/tier", user, { tier: "cosmic" })).statusCode).toBe(200);
  });
});

describe("custom prices and plan requests", () => {
  it("refuses the infinity world (CUSTOM) as self-service; the request mails admins and an admin grants it", async () => {
    const user = await createUser(test.app);
    const refused = await send("POST", "/api/plan/world", user, { world: "infinity" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.world).toBe(BILLING_MESSAGES.customPrice);

    const created = await send("POST", "/api/plan/requests", user, {
      kind: "world",
      plan: "infinity",
      message: "We are a research lab of 40 people",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().request.id;
    const again = await send("POST", "/api/plan/requests", user, {
      kind: "world",
      plan: "infinity",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BILLING_MESSAGES.requestExists);
    expect((await send("GET", "/api/plan/requests", user)).json().items).toHaveLength(1);

    await test.app.services.mailer.idle();
    const mail = (await test.app.services.mailer.outbox(50)).find(
      (item) => item.to === admin.email && item.subject.includes(user.username),
    );
    expect(mail?.text).toContain("research lab");

    expect((await send("GET", "/api/admin/plan-requests", user)).statusCode).toBe(403);
    const open = await send("GET", "/api/admin/plan-requests?status=open", admin);
    expect(open.json().items).toContainEqual(
      expect.objectContaining({ id, kind: "world", plan: "infinity", email: user.email }),
    );
    const granted = await send("POST", `/api/admin/plan-requests/${id}/grant`, admin);
    expect(granted.statusCode).toBe(200);
    expect((await send("GET", "/api/plan/me", user)).json().world).toBe("infinity");
    const twice = await send("POST", `/api/admin/plan-requests/${id}/grant`, admin);
    expect(twice.statusCode).toBe(409);
    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "plan.request_granted")));
    expect(audit).toMatchObject([{ actorId: admin.id, data: { plan: "infinity", kind: "world" } }]);
  });

  it("a declined request changes nothing", async () => {
    const user = await createUser(test.app);
    const created = await send("POST", "/api/plan/requests", user, {
      kind: "world",
      plan: "infinity",
    });
    const id = created.json().request.id;
    expect((await send("POST", `/api/admin/plan-requests/${id}/decline`, admin)).statusCode).toBe(
      200,
    );
    expect((await send("GET", "/api/plan/me", user)).json().world).toBe("genesis");
  });

  it("a price an admin sets to −1 is custom at once", async () => {
    const user = await createUser(test.app);
    const custom = await send("PUT", "/api/admin/settings/tiers/cosmic", admin, {
      price: { monthly: -1 },
    });
    expect(custom.statusCode).toBe(200);
    const refused = await send("POST", "/api/plan/tier", user, { tier: "cosmic" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.tier).toBe(BILLING_MESSAGES.customPrice);
    await send("DELETE", "/api/admin/settings/tiers/cosmic", admin);
    expect((await send("POST", "/api/plan/tier", user, { tier: "cosmic" })).statusCode).toBe(200);
  });

  it("refuses a request for a plan that does not exist, with field messages", async () => {
    const user = await createUser(test.app);
    const response = await send("POST", "/api/plan/requests", user, { kind: "tier", plan: "mars" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.plan).toBeDefined();
  });
});
