// "Your data" and the desktop layout: the saved layout, the export archive's contents (unzipped here), and deleting
// an account — no row of theirs left in any table, no file bytes, and every route answering 401 to their tokens.
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DELETE_LINK_INVALID_MESSAGE,
  LAST_ADMIN_DELETE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "@aacos/domain/account";
import { DEFAULT_LAYOUT, type DesktopLayout } from "@aacos/domain/layout";
import { eq, or, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alertRules,
  alerts,
  auditLog,
  badges,
  consciousnessHistory,
  conversations,
  entities,
  errorReports,
  messages,
  planChanges,
  runs,
  securityEvents,
  universes,
  userQuests,
} from "../../db/schema.js";
import { createUser, PASSWORD, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { REFRESH_COOKIE } from "../auth/index.js";
import { ownedTables } from "./owned-tables.js";

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const TEXT_FILE = "Knowledge about the seventh moon.\n";

interface Seeded {
  universeId: string;
  entityId: string;
  conversationId: string;
  messageId: string;
  runId: string;
  fileId: string;
  ruleId: string;
  alertId: string;
  errorFingerprint: string;
}

/** The one row an insert returned. */
function returned<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`no ${what}`);
  return row;
}

/** Gives the user one of everything, through the services where they exist and rows where they do not. */
async function seed(user: SignedInUser): Promise<Seeded> {
  const db = test.database.db;
  const universe = returned(
    await db.insert(universes).values({ userId: user.id, name: "Seventh" }).returning(),
    "universe",
  );
  const entity = returned(
    await db
      .insert(entities)
      .values({
        userId: user.id,
        universeId: universe.id,
        name: "Oracle",
        role: "guide",
        systemPrompt: "Answer kindly.",
      })
      .returning(),
    "entity",
  );
  const conversation = returned(
    await db
      .insert(conversations)
      .values({ userId: user.id, entityId: entity.id, title: "First talk" })
      .returning(),
    "conversation",
  );
  const [message] = await db
    .insert(messages)
    .values({ conversationId: conversation.id, role: "user", content: "Hello moon" })
    .returning();
  const [run] = await db
    .insert(runs)
    .values({ userId: user.id, kind: "chat", status: "succeeded", input: "Hello moon" })
    .returning();
  const file = await test.app.services.files.upload(
    { id: user.id, tier: "cosmic", world: "genesis" },
    { name: "moon.txt", mimeType: "text/plain", stream: Readable.from([Buffer.from(TEXT_FILE)]) },
  );
  await test.app.services.progression.recordSignIn(user.id);
  await db.insert(badges).values({ userId: user.id, badge: "first-steps" });
  await db.insert(userQuests).values({ userId: user.id, questId: "q-1", status: "active" });
  await db.insert(planChanges).values({
    userId: user.id,
    kind: "upgrade",
    fromPlan: "genesis",
    toPlan: "cosmic",
    provider: "immediate",
    effectiveAt: new Date(),
  });
  await test.app.services.signals.emit(user.id, {
    kind: "run",
    source: "probe",
    severity: "info",
    data: { seeded: true },
  });
  const rule = returned(
    await db
      .insert(alertRules)
      .values({
        userId: user.id,
        name: "Too many runs",
        metric: "runs",
        op: "gt",
        threshold: 5,
        windowSeconds: 60,
        severity: "warning",
      })
      .returning(),
    "rule",
  );
  const [alert] = await db
    .insert(alerts)
    .values({
      userId: user.id,
      ruleId: rule.id,
      rule: rule.name,
      severity: "warning",
      message: "Runs are high",
    })
    .returning();
  await db
    .insert(consciousnessHistory)
    .values({ userId: user.id, awareness: 0.5, integration: 0.6, harmony: 0.7 });
  const errorFingerprint = randomUUID();
  await db.insert(errorReports).values({
    fingerprint: errorFingerprint,
    message: "boom",
    sample: {},
    userId: user.id,
  });
  await db
    .insert(securityEvents)
    .values({ kind: "burst", userId: user.id, activity: "requests", data: {} });
  await test.app.audit.record({ actorId: null }, "user.roles_changed", user.id, { to: ["user"] });
  const layout: DesktopLayout = {
    version: 1,
    panels: [{ kind: "signals", colSpan: 4, rowSpan: 1 }],
  };
  const saved = await request(test.app, user, "PUT", "/api/me/layout", layout);
  expect(saved.statusCode).toBe(200);
  if (message === undefined || run === undefined || alert === undefined) throw new Error("seed");
  return {
    universeId: universe.id,
    entityId: entity.id,
    conversationId: conversation.id,
    messageId: message.id,
    runId: run.id,
    fileId: file.id,
    ruleId: rule.id,
    alertId: alert.id,
    errorFingerprint,
  };
}

/** Rows in every table with a user column (found from the schema) that still name this user. */
async function rowsNaming(userId: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const table of ownedTables()) {
    const conditions = table.userColumns.map((column) => eq(column, userId));
    const where = conditions.length === 1 ? conditions[0] : or(...conditions);
    const [row] = await test.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table.table)
      .where(where);
    if ((row?.n ?? 0) > 0) left[table.name] = row?.n ?? 0;
  }
  const [audit] = await test.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetId, userId)));
  if ((audit?.n ?? 0) > 0) left.audit_log_target = audit?.n ?? 0;
  return left;
}

/** Who the seeded error report names (a log that outlives accounts). */
function errorReportOwners(fingerprint: string) {
  return test.database.db
    .select({ userId: errorReports.userId })
    .from(errorReports)
    .where(eq(errorReports.fingerprint, fingerprint));
}

async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(path.join(test.config.dataDir, "files"), {
      recursive: true,
      withFileTypes: true,
    });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe("the desktop layout", () => {
  it("starts from the default, saves per user and refuses a bad layout with field messages", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const other = await createUser(test.app, { tier: "cosmic" });
    const first = await request(test.app, user, "GET", "/api/me/layout");
    expect(first.json()).toEqual({ layout: DEFAULT_LAYOUT });

    const layout: DesktopLayout = {
      version: 1,
      panels: [
        { kind: "chat", colSpan: 4, rowSpan: 2 },
        { kind: "dashboard", colSpan: 1, rowSpan: 1 },
      ],
    };
    const put = await request(test.app, user, "PUT", "/api/me/layout", layout);
    expect(put.statusCode).toBe(200);
    const again = await request(test.app, user, "GET", "/api/me/layout");
    expect(again.json()).toEqual({ layout });
    const theirs = await request(test.app, other, "GET", "/api/me/layout");
    expect(theirs.json()).toEqual({ layout: DEFAULT_LAYOUT });

    const bad = await request(test.app, user, "PUT", "/api/me/layout", {
      version: 1,
      panels: [
        { kind: "chat", colSpan: 9, rowSpan: 1 },
        { kind: "chat", colSpan: 1, rowSpan: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ "panels.0.colSpan": "At most 4 columns" });
    const unknown = await request(test.app, user, "PUT", "/api/me/layout", {
      version: 1,
      panels: [{ kind: "weather", colSpan: 1, rowSpan: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await test.app.inject({ method: "GET", url: "/api/me/layout" })).statusCode).toBe(401);
  });
});

describe("the export", () => {
  it("is one ZIP with a README, the profile, every owned table and the file bytes", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const stranger = await createUser(test.app, { tier: "cosmic" });
    const seeded = await seed(user);
    await seed(stranger);

    const response = await request(test.app, user, "GET", "/api/me/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`attachment; filename="aacos-export-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const archive = unzipSync(new Uint8Array(response.rawPayload));
    const read = <T>(name: string): T => {
      const entry = archive[name];
      if (entry === undefined) throw new Error(`missing ${name}`);
      return JSON.parse(strFromU8(entry)) as T;
    };
    type Row = Record<string, unknown>;
    const ids = (name: string) => read<Row[]>(name).map((row) => row.id);

    expect(strFromU8(archive["README.txt"] ?? new Uint8Array())).toContain("your data");
    const profile = read<Row>("profile.json");
    expect(profile).toMatchObject({ id: user.id, email: user.email, username: user.username });
    expect(profile).not.toHaveProperty("passwordHash");

    // Every table with a user column is in the archive, and only this user's rows are.
    for (const table of ownedTables()) {
      const rows = read<Row[]>(`data/${table.name}.json`);
      for (const row of rows) {
        const named = Object.values(row).includes(user.id);
        expect(named, `${table.name} holds someone else's row`).toBe(true);
      }
    }
    expect(ids("data/universes.json")).toEqual([seeded.universeId]);
    expect(ids("data/entities.json")).toEqual([seeded.entityId]);
    expect(ids("data/conversations.json")).toEqual([seeded.conversationId]);
    expect(ids("data/messages.json")).toEqual([seeded.messageId]);
    expect(ids("data/runs.json")).toEqual([seeded.runId]);
    expect(ids("data/alert_rules.json")).toEqual([seeded.ruleId]);
    expect(ids("data/alerts.json")).toEqual([seeded.alertId]);
    expect(ids("data/files.json")).toEqual([seeded.fileId]);
    expect(read<Row[]>("data/files.json")[0]).not.toHaveProperty("storageKey");
    expect(read<Row[]>("data/plan_changes.json")).toHaveLength(1);
    expect(read<Row[]>("data/progress.json")).toHaveLength(1);
    expect(read<Row[]>("data/progress_ledger.json").length).toBeGreaterThan(0);
    expect(read<Row[]>("data/badges.json")).toMatchObject([{ badge: "first-steps" }]);
    expect(read<Row[]>("data/user_quests.json")).toMatchObject([{ questId: "q-1" }]);
    expect(read<Row[]>("data/signals.json").some((row) => row.source === "probe")).toBe(true);
    expect(read<Row[]>("data/consciousness_history.json")).toMatchObject([{ harmony: 0.7 }]);
    expect(read<Row[]>("data/user_layouts.json")).toMatchObject([
      { layout: { panels: [{ kind: "signals" }] } },
    ]);
    const audit = read<Row[]>("data/audit_log.json");
    expect(audit.some((row) => row.action === "user.roles_changed")).toBe(true);
    for (const session of read<Row[]>("data/refresh_tokens.json")) {
      expect(session).not.toHaveProperty("tokenHash");
    }
    expect(read<string[]>("data/tables.json")).toContain("messages");
    expect(strFromU8(archive[`files/${seeded.fileId}/moon.txt`] ?? new Uint8Array())).toBe(
      TEXT_FILE,
    );
    expect((await test.app.inject({ method: "GET", url: "/api/me/export" })).statusCode).toBe(401);
  });
});

describe("deleting the account", () => {
  it("asks for the right password, with a field message", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const wrong = await request(test.app, user, "DELETE", "/api/me", { password: "not-it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: WRONG_PASSWORD_MESSAGE });
    const empty = await request(test.app, user, "DELETE", "/api/me", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty("password");
    const still = await request(test.app, user, "GET", "/api/auth/me");
    expect(still.statusCode).toBe(200);
  });

  it("lets an account without a password confirm by a mailed single-use link", async () => {
    // A passkey- or OpenID-Connect-only account: no password to type.
    const created = await test.app.services.accounts.createUser({
      email: `passwordless-${randomUUID()}@example.com`,
      username: `nopass_${randomUUID().slice(0, 8)}`,
      password: null,
    });
    const session = await test.app.services.accounts.issueSession(created, false, {
      ip: "127.0.0.1",
      userAgent: "test",
    });
    const auth = { authorization: `Bearer ${session.token}` };
    const other = await createUser(test.app);

    const noPassword = await test.app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: auth,
      payload: { password: "anything" },
    });
    expect(noPassword.statusCode).toBe(400);

    const requested = await test.app.inject({
      method: "POST",
      url: "/api/me/delete-link",
      headers: auth,
    });
    expect(requested.statusCode).toBe(202);
    await test.app.services.mailer.idle();
    const [mail] = (await test.app.services.mailer.outbox()).filter(
      (item) => item.to === created.email,
    );
    const token = /[?&]confirmDelete=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeDefined();
    if (token === undefined) return;

    // Only its owner can use it, and a made-up token is refused with a field message.
    for (const [headers, payload] of [
      [other.auth, { token }],
      [auth, { token: "made-up-token" }],
    ] as const) {
      const refused = await test.app.inject({ method: "DELETE", url: "/api/me", headers, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ token: DELETE_LINK_INVALID_MESSAGE });
    }
    const deleted = await test.app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: auth,
      payload: { token },
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/auth/me", headers: auth })).statusCode,
    ).toBe(401);
    expect((await request(test.app, other, "GET", "/api/auth/me")).statusCode).toBe(200);
  });

  it("never removes the last admin", async () => {
    const admin = await createUser(test.app, { roles: ["user", "admin"], tier: "infinity" });
    const reply = await request(test.app, admin, "DELETE", "/api/me", { password: PASSWORD });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(LAST_ADMIN_DELETE_MESSAGE);
    const second = await createUser(test.app, { roles: ["user", "admin"], tier: "infinity" });
    const now = await request(test.app, admin, "DELETE", "/api/me", { password: PASSWORD });
    expect(now.statusCode).toBe(204);
    const left = await request(test.app, second, "DELETE", "/api/me", { password: PASSWORD });
    expect(left.statusCode).toBe(409);
  });

  it("is the same erasure when an admin deletes the user, with only the admin named in the audit", async () => {
    const admin = await createUser(test.app, { roles: ["admin"] });
    const user = await createUser(test.app, { tier: "cosmic" });
    const seeded = await seed(user);
    const filesBefore = (await storedFiles()).length;

    const reply = await request(test.app, admin, "DELETE", `/api/users/${user.id}`);
    expect(reply.statusCode).toBe(204);

    expect(await rowsNaming(user.id)).toEqual({});
    expect((await storedFiles()).length).toBe(filesBefore - 1);
    expect(await errorReportOwners(seeded.errorFingerprint)).toEqual([{ userId: null }]);
    const entries = await test.database.db
      .select({ targetId: auditLog.targetId, data: auditLog.data })
      .from(auditLog)
      .where(sql`${auditLog.actorId} = ${admin.id} and ${auditLog.action} = 'user.deleted'`);
    expect(entries).toEqual([{ targetId: null, data: { byAdmin: true } }]);
    expect((await request(test.app, user, "GET", "/api/auth/me")).statusCode).toBe(401);
  });

  it("leaves no row naming them in any table, no file bytes, and no working token", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const bystander = await createUser(test.app, { tier: "cosmic" });
    const seeded = await seed(user);
    await seed(bystander);
    const before = await rowsNaming(user.id);
    // The seed reaches the tables the deletion has to clean, including the logs without a foreign key.
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        "universes",
        "files",
        "error_reports",
        "security_events",
        "audit_log_target",
        "user_layouts",
      ]),
    );
    const filesBefore = (await storedFiles()).length;

    const reply = await request(test.app, user, "DELETE", "/api/me", { password: PASSWORD });
    expect(reply.statusCode).toBe(204);

    expect(await rowsNaming(user.id)).toEqual({});
    expect(Object.keys(await rowsNaming(bystander.id))).toEqual(
      expect.arrayContaining(["universes", "files", "signals"]),
    );
    expect((await storedFiles()).length).toBe(filesBefore - 1);
    // Logs that outlive accounts are kept, anonymised.
    expect(await errorReportOwners(seeded.errorFingerprint)).toEqual([{ userId: null }]);

    // Every route that is not public answers their old access token with 401, like no token at all.
    for (const route of test.app.apiRoutes) {
      const url = route.url
        .replace(/:id\b/g, randomUUID())
        .replace(/:provider\b/g, "none")
        .replace(/:[a-zA-Z]+/g, "x")
        .replace(/\/\*$/, "/x");
      const send = (headers: Record<string, string>) =>
        test.app.inject({
          method: route.method as "GET",
          url,
          headers,
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
      const anonymous = await send({});
      if (anonymous.statusCode !== 401) continue;
      const withToken = await send(user.auth);
      expect(withToken.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    const refresh = await test.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { [REFRESH_COOKIE]: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await test.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });
});
