// Admin settings over the real API: validation, overrides that the catalogue, plan, usage and metering follow at once,
// history and reset, registration closed, the maintenance banner, the SMTP and AI checks, and who may do it.
import { REGISTRATION_CLOSED_MESSAGE, SETTING_MESSAGES } from "@aacos/domain/catalog-overrides";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, createUser, PASSWORD, type SignedInUser } from "../../test/factories.js";
import { startFakeLlm } from "../../test/fake-llm-server.js";
import { buildTestApp, request, sendFrom, type TestApp } from "../../test/helper.js";
import { startSmtpCatcher } from "../../test/smtp-catcher.js";
import { CHECK_MESSAGES } from "./checks.js";

let test: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  admin = await createUser(test.app, { roles: ["user", "admin"], tier: "infinity" });
});
afterAll(() => test.close());

const send = (
  method: "GET" | "PUT" | "DELETE" | "POST",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = admin.auth,
) => sendFrom(test.app, method, url, payload as Record<string, unknown> | undefined, headers);

type CatalogBody = {
  tiers: { name: string; limits: Record<string, number>; pricing: Record<string, number> }[];
  worlds: { tier: string; limits: Record<string, number>; features: Record<string, unknown> }[];
};
const catalogTier = async (name: string) => {
  const body = (await send("GET", "/api/catalog", undefined, {})).json() as CatalogBody;
  return body.tiers.find((tier) => tier.name === name);
};

describe("who may change settings", () => {
  it("is admins only: 401 for a visitor, 403 for every other role", async () => {
    expect((await send("GET", "/api/admin/settings", undefined, {})).statusCode).toBe(401);
    for (const role of ["user", "operator", "developer", "analyst"] as const) {
      const other = await createUser(test.app, { roles: [role], tier: "infinity" });
      const read = await send("GET", "/api/admin/settings", undefined, other.auth);
      expect(read.statusCode).toBe(403);
      const write = await send(
        "PUT",
        "/api/admin/settings/tiers/quantum",
        { limits: { maxProjects: 1 } },
        other.auth,
      );
      expect(write.statusCode).toBe(403);
    }
    expect((await catalogTier("quantum"))?.limits.maxProjects).toBe(20);
  });

  it("shows the catalogue with defaults, SMTP and AI status to an admin", async () => {
    const response = await send("GET", "/api/admin/settings");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.tiers).toHaveLength(4);
    expect(body.worlds).toHaveLength(5);
    expect(body.tiers[2]).toMatchObject({
      name: "cosmic",
      defaults: { limits: { maxTeamMembers: 25 }, price: { monthly: 199, trialDays: 30 } },
      values: { limits: { maxTeamMembers: 25 } },
      overridden: [],
    });
    expect(body).toMatchObject({
      registrationOpen: true,
      maintenanceMessage: null,
      smtp: { configured: false, server: null },
      ai: { provider: "retrieval", model: null },
    });
  });
});

describe("validation", () => {
  it("answers 400 with a message per field", async () => {
    const response = await send("PUT", "/api/admin/settings/tiers/quantum", {
      limits: { apiCallsPerMinute: 0, maxTeamMembers: 1.5, signalRetentionDays: -1 },
      price: { trialDays: 999 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      "limits.apiCallsPerMinute": SETTING_MESSAGES.tooSmall(1),
      "limits.maxTeamMembers": SETTING_MESSAGES.notInteger,
      "limits.signalRetentionDays": SETTING_MESSAGES.unlimitedNotAllowed(1),
      "price.trialDays": SETTING_MESSAGES.tooLarge(365),
    });
  });

  it("refuses an unknown tier or world, an unknown field and an empty change", async () => {
    expect(
      (await send("PUT", "/api/admin/settings/tiers/platinum", { limits: {} })).statusCode,
    ).toBe(400);
    expect(
      (await send("PUT", "/api/admin/settings/worlds/genesis", { limits: { maxTeamMembers: 3 } }))
        .statusCode,
    ).toBe(400);
    const empty = await send("PUT", "/api/admin/settings/worlds/genesis", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ limits: SETTING_MESSAGES.emptyChange });
    const long = await send("PUT", "/api/admin/settings/maintenance", { message: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.message).toBe(SETTING_MESSAGES.maintenanceTooLong);
  });
});

describe("catalogue overrides", () => {
  it("change the catalogue, the plan, usage and metering at once", async () => {
    const user = await createUser(test.app, { tier: "quantum" });
    const lowered = await send("PUT", "/api/admin/settings/tiers/quantum", {
      limits: { apiCallsPerMinute: 3, maxTeamMembers: 7 },
      price: { monthly: 59 },
    });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().changes).toEqual([
      { field: "limits.apiCallsPerMinute", from: 60, to: 3 },
      { field: "limits.maxTeamMembers", from: 5, to: 7 },
      { field: "price.monthly", from: 49, to: 59 },
    ]);
    // The genesis world grants 10 a minute itself; the larger of the two counts (docs/product.md §9).
    await send("PUT", "/api/admin/settings/worlds/genesis", { limits: { apiCallsPerMinute: 1 } });

    const quantum = await catalogTier("quantum");
    expect(quantum?.limits).toMatchObject({ apiCallsPerMinute: 3, maxTeamMembers: 7 });
    expect(quantum?.pricing.monthly).toBe(59);
    const plan = await send("GET", "/api/plan/me", undefined, user.auth);
    expect(plan.json().limits).toMatchObject({ apiCallsPerMinute: 3, maxTeamMembers: 7 });
    const usage = await send("GET", "/api/usage/me", undefined, user.auth);
    expect(usage.json().limits.apiCallsPerMinute).toBe(3);

    // A script's calls count against the plan (the web app's own reads do not).
    const script = (await createApiKey(test.app, user, { scopes: ["read"] })).auth;
    for (let call = 0; call < 3; call++) {
      expect((await send("GET", "/api/users/profile", undefined, script)).statusCode).toBe(200);
    }
    const refused = await send("GET", "/api/users/profile", undefined, script);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe("Rate limit exceeded: 3 calls per minute");

    const view = (await send("GET", "/api/admin/settings")).json();
    expect(view.tiers[1].overridden).toEqual([
      "limits.apiCallsPerMinute",
      "limits.maxTeamMembers",
      "price.monthly",
    ]);
    expect(view.tiers[1].defaults.limits.apiCallsPerMinute).toBe(60);
  });

  it("keeps a history of who changed what, and audits it", async () => {
    const history = await send("GET", "/api/admin/settings/history");
    expect(history.statusCode).toBe(200);
    const items = history.json().items as Record<string, unknown>[];
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "tier",
          name: "quantum",
          field: "limits.apiCallsPerMinute",
          oldValue: 60,
          newValue: 3,
          actorEmail: admin.email,
        }),
        expect.objectContaining({ kind: "world", name: "genesis", oldValue: 10, newValue: 1 }),
      ]),
    );
    const audit = (await send("GET", "/api/admin/audit")).json();
    expect(audit.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "settings.changed", actorId: admin.id }),
      ]),
    );
  });

  it("resets one field, then the whole tier, back to the built-in values", async () => {
    const one = await send(
      "DELETE",
      "/api/admin/settings/tiers/quantum?field=limits.apiCallsPerMinute",
    );
    expect(one.statusCode).toBe(200);
    expect(one.json().changes).toEqual([{ field: "limits.apiCallsPerMinute", from: 3, to: 60 }]);
    expect((await catalogTier("quantum"))?.limits).toMatchObject({
      apiCallsPerMinute: 60,
      maxTeamMembers: 7,
    });
    await send("DELETE", "/api/admin/settings/tiers/quantum");
    await send("DELETE", "/api/admin/settings/worlds/genesis");
    const quantum = await catalogTier("quantum");
    expect(quantum?.limits.maxTeamMembers).toBe(5);
    expect(quantum?.pricing.monthly).toBe(49);
    const view = (await send("GET", "/api/admin/settings")).json();
    expect(view.tiers[1].overridden).toEqual([]);
    const latest = (await send("GET", "/api/admin/settings/history?pageSize=1")).json();
    expect(latest.items[0]).toMatchObject({
      kind: "world",
      name: "genesis",
      oldValue: 1,
      newValue: 10,
    });
  });

  it("accepts −1 where a limit may be unlimited, and setting the default again drops the override", async () => {
    await send("PUT", "/api/admin/settings/tiers/cosmic", { limits: { maxTeamMembers: -1 } });
    expect((await catalogTier("cosmic"))?.limits.maxTeamMembers).toBe(-1);
    await send("PUT", "/api/admin/settings/tiers/cosmic", { limits: { maxTeamMembers: 25 } });
    const view = (await send("GET", "/api/admin/settings")).json();
    expect(view.tiers[2].overridden).toEqual([]);
  });
});

describe("site settings", () => {
  it("closes registration with a clear message, and opens it again", async () => {
    const closed = await send("PUT", "/api/admin/settings/registration", { open: false });
    expect(closed.statusCode).toBe(200);
    expect((await send("GET", "/api/settings/public", undefined, {})).json()).toEqual({
      registrationOpen: false,
      maintenanceMessage: null,
      selfServicePlans: true,
    });
    const account = { email: "closed@example.com", username: "closed_door", password: PASSWORD };
    const refused = await send("POST", "/api/auth/register", account, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "registration_closed",
      message: REGISTRATION_CLOSED_MESSAGE,
    });
    await send("PUT", "/api/admin/settings/registration", { open: true });
    expect((await send("POST", "/api/auth/register", account, {})).statusCode).toBe(201);
  });

  it("shows a maintenance message to every visitor until it is cleared", async () => {
    const set = await send("PUT", "/api/admin/settings/maintenance", {
      message: "  Upgrade tonight at 22:00 UTC  ",
    });
    expect(set.statusCode).toBe(200);
    const visitor = await send("GET", "/api/settings/public", undefined, {});
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().maintenanceMessage).toBe("Upgrade tonight at 22:00 UTC");
    await send("PUT", "/api/admin/settings/maintenance", { message: null });
    expect(
      (await send("GET", "/api/settings/public", undefined, {})).json().maintenanceMessage,
    ).toBeNull();
    const history = (await send("GET", "/api/admin/settings/history?pageSize=2")).json();
    expect(history.items[0]).toMatchObject({
      kind: "site",
      field: "maintenance_message",
      oldValue: "Upgrade tonight at 22:00 UTC",
      newValue: null,
    });
  });
});

describe("checks", () => {
  it("says mail is kept in the outbox and AI is the offline retrieval provider when neither is configured", async () => {
    const smtp = await send("POST", "/api/admin/settings/test-smtp");
    expect(smtp.json()).toEqual({
      ok: true,
      code: "mailKept",
      message: CHECK_MESSAGES.mailKept(admin.email),
      values: { to: admin.email },
    });
    const ai = await send("POST", "/api/admin/settings/test-ai");
    expect(ai.json()).toEqual({ ok: true, code: "offline", message: CHECK_MESSAGES.offline });
    expect(ai.json().message).toContain("offline retrieval provider");
  });

  it("sends a real test mail and asks the configured model", async () => {
    const smtp = await startSmtpCatcher();
    const llm = await startFakeLlm({ tokens: ["O", "K"] });
    const configured = await buildTestApp({
      SMTP_URL: smtp.url,
      AI_BASE_URL: llm.url,
      AI_MODEL: "tiny",
    });
    try {
      const owner = await createUser(configured.app, { roles: ["admin"], tier: "infinity" });
      const mail = await request(configured.app, owner, "POST", "/api/admin/settings/test-smtp");
      expect(mail.json()).toMatchObject({
        ok: true,
        message: CHECK_MESSAGES.mailSent(owner.email),
      });
      expect(smtp.received.map((received) => received.subject)).toEqual(["AACOS test mail"]);
      const ai = await request(configured.app, owner, "POST", "/api/admin/settings/test-ai");
      expect(ai.json()).toMatchObject({ ok: true, detail: "OK" });
      expect(llm.requests[0]?.body.model).toBe("tiny");

      llm.behave({ failWithStatus: 500 });
      const failed = await request(configured.app, owner, "POST", "/api/admin/settings/test-ai");
      expect(failed.json()).toMatchObject({ ok: false, code: "aiFailed" });
      const view = await request(configured.app, owner, "GET", "/api/admin/settings");
      expect(view.json()).toMatchObject({
        smtp: { configured: true },
        ai: { provider: "openai-compatible", model: "tiny" },
      });
    } finally {
      await configured.close();
      await smtp.close();
      await llm.close();
    }
    // A second app of its own (SMTP and model configured): slow on a busy machine.
  }, 90_000);
});
