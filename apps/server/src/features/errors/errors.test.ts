// POST /api/errors and the admin error list: scrubbed, grouped, capped, rate-limited, resolved and reopened.
import { ERROR_REPORT_LIMITS, REDACTED } from "@aacos/domain/validation";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorReports } from "../../db/schema.js";
import { someAddress } from "../../test/factories.js";
import { request, useAdminAndMember } from "../../test/helper.js";
import { ERROR_REPORT_RATE } from "./index.js";

const JWT =
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

const given = useAdminAndMember();

function report(payload: unknown, headers: Record<string, string> = {}) {
  return given.app.inject({
    method: "POST",
    url: "/api/errors",
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: someAddress(),
  });
}

async function openGroups() {
  const openGroups = "/api/admin/errors?status=open&pageSize=100";
  const response = await request(given.app, given.admin, "GET", openGroups);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    items: { id: string; message: string; count: number; resolvedAt: string | null }[];
    total: number;
  };
}

describe("POST /api/errors", () => {
  it("stores a batch scrubbed of secrets, with the signed-in user and not the claimed one", async () => {
    const unique = `Request failed ${Math.random()}`.replace(/[\d.]/g, "x");
    const response = await report(
      {
        reports: [
          {
            message: `${unique} with Authorization: Bearer abc123secret`,
            type: "ApiError",
            stack: `ApiError: boom\n    at load (https://app.test/main.js?token=${JWT}:1:2)`,
            context: {
              url: "https://app.test/auth/callback?code=oauth-code&page=2",
              user: { id: "someone-else", email: "x@example.com" },
              session: { refreshToken: "r" },
            },
            breadcrumbs: [
              { category: "ui.input", data: { password: "hunter2", field: "email" } },
              { category: "fetch", message: `sent ${JWT}` },
            ],
            user: { id: "00000000-0000-4000-8000-000000000000", username: "claimed" },
            consciousness: { awarenessLevel: 0.4, integrationScore: 0.2 },
            release: "1.0.0",
            environment: "production",
          },
        ],
      },
      given.member.auth,
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });

    const [row] = (await given.database.db.select().from(errorReports)).filter((r) =>
      r.message.startsWith(unique),
    );
    expect(row?.message).toBe(`${unique} with Authorization: Bearer ${REDACTED}`);
    expect(row?.userId).toBe(given.member.id);
    expect(row?.release).toBe("1.0.0");
    const stored = JSON.stringify(row);
    for (const secret of [
      "hunter2",
      "abc123secret",
      JWT,
      "oauth-code",
      "someone-else",
      "claimed",
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(row?.sample).toMatchObject({
      context: {
        url: `https://app.test/auth/callback?code=${REDACTED}&page=2`,
        session: { refreshToken: REDACTED },
      },
      breadcrumbs: [
        { data: { password: REDACTED, field: "email" } },
        { message: `sent ${REDACTED}` },
      ],
      consciousness: { awarenessLevel: 0.4, integrationScore: 0.2 },
    });
  });

  it("groups identical reports, in one batch or across calls, ids and numbers aside", async () => {
    const message = (n: number) => `Cannot read order ${n} of group-${Math.random()}`;
    const base = message(1).replace(/\d/g, "");
    const same = {
      type: "TypeError",
      stack: "TypeError: x\n    at view (https://app.test/a.js:9:9)",
    };
    expect(
      (
        await report({
          reports: [
            { ...same, message: `${base} 1` },
            { ...same, message: `${base} 2` },
          ],
        })
      ).statusCode,
    ).toBe(202);
    expect((await report({ reports: [{ ...same, message: `${base} 3` }] })).statusCode).toBe(202);
    const groups = (await openGroups()).items.filter((item) => item.message.startsWith(base));
    expect(groups).toHaveLength(1);
    expect(groups[0]?.count).toBe(3);
  });

  it("refuses 11 reports, long fields, too many breadcrumbs and oversized bodies", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ message: `m${i}` }));
    const tooMany = await report({ reports: eleven });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe("validation_failed");
    const longMessage = "x".repeat(ERROR_REPORT_LIMITS.messageLength + 1);
    expect((await report({ reports: [{ message: longMessage }] })).statusCode).toBe(400);
    const crumbs = Array.from({ length: 51 }, () => ({ message: "click" }));
    expect((await report({ reports: [{ message: "m", breadcrumbs: crumbs }] })).statusCode).toBe(
      400,
    );
    expect((await report({ reports: [] })).statusCode).toBe(400);
    const huge = Array.from({ length: 10 }, () => ({
      message: "m",
      stack: "s".repeat(ERROR_REPORT_LIMITS.stackLength),
      // About 300 KB: over the route's 256 KB, under the server-wide 1 MB.
      breadcrumbs: Array.from({ length: 10 }, () => ({ message: "y".repeat(1000) })),
    }));
    const oversized = await report({ reports: huge });
    expect(oversized.statusCode).toBe(413);
  });

  it("limits each address to 30 calls a minute", async () => {
    const address = someAddress();
    const send = () =>
      given.app.inject({
        method: "POST",
        url: "/api/errors",
        payload: { reports: [{ message: "flood" }] },
        remoteAddress: address,
      });
    for (let i = 0; i < ERROR_REPORT_RATE.points; i += 1)
      expect((await send()).statusCode).toBe(202);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("the admin error list", () => {
  it("is for admins only", async () => {
    const list = await request(given.app, given.member, "GET", "/api/admin/errors");
    expect(list.statusCode).toBe(403);
    const anonymous = await given.app.inject({ method: "GET", url: "/api/admin/errors" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("resolves a group, which reopens when the error happens again", async () => {
    const message = `Resolvable ${Math.random()}`.replace(/[\d.]/g, "z");
    await report({ reports: [{ message, type: "Error" }] });
    const group = (await openGroups()).items.find((item) => item.message === message);
    if (group === undefined) throw new Error("not stored");
    expect(group).toMatchObject({ count: 1, resolvedAt: null });

    const resolved = await request(
      given.app,
      given.admin,
      "POST",
      `/api/admin/errors/${group.id}/resolve`,
    );
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().report).toMatchObject({ id: group.id, resolvedAt: expect.any(String) });
    expect((await openGroups()).items.some((item) => item.id === group.id)).toBe(false);
    const closed = await request(
      given.app,
      given.admin,
      "GET",
      "/api/admin/errors?status=resolved",
    );
    expect(closed.json().items.map((item: { id: string }) => item.id)).toContain(group.id);
    const [row] = await given.database.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.id, group.id));
    expect(row?.resolvedBy).toBe(given.admin.id);

    await report({ reports: [{ message, type: "Error" }] });
    const reopened = (await openGroups()).items.find((item) => item.id === group.id);
    expect(reopened).toMatchObject({ count: 2, resolvedAt: null });
  });

  it("answers 404 for an unknown group and 400 for a bad status", async () => {
    const noSuchGroup = "/api/admin/errors/00000000-0000-4000-8000-000000000000/resolve";
    const missing = await request(given.app, given.admin, "POST", noSuchGroup);
    expect(missing.statusCode).toBe(404);
    const bad = await request(given.app, given.admin, "GET", "/api/admin/errors?status=maybe");
    expect(bad.statusCode).toBe(400);
  });
});
