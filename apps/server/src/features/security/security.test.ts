// Security reports from browsers and the server's own request-burst check (docs/product.md §9: over 50 requests in 30 s).
import { SUSPICIOUS_ACTIVITY } from "@aacos/domain/validation";
import { describe, expect, it } from "vitest";
import { createUser, someAddress } from "../../test/factories.js";
import { request, useAdminAndMember } from "../../test/helper.js";
import { BURST_ACTIVITY, SECURITY_REPORT_RATES } from "./index.js";

interface IncidentView {
  id: string;
  source: string;
  activity: string;
  ip: string | null;
  userId: string | null;
  count: number;
  status: string;
  resolvedAt: string | null;
  data: Record<string, unknown>;
}

const given = useAdminAndMember();

async function overview() {
  const response = await request(given.app, given.admin, "GET", "/api/admin/security");
  expect(response.statusCode).toBe(200);
  return response.json() as {
    events: { activity: string; ip: string | null; userId: string | null; kind: string }[];
    incidents: IncidentView[];
  };
}

describe("security reports", () => {
  it("stores events and incidents with the caller's address and signed-in user", async () => {
    const address = someAddress();
    const event = await given.app.inject({
      method: "POST",
      url: "/api/security/events",
      headers: given.member.auth,
      remoteAddress: address,
      payload: {
        activity: "devtools-open",
        data: { note: "x", token: "t0ken" },
        userId: "00000000-0000-4000-8000-000000000000",
      },
    });
    expect(event.statusCode).toBe(202);
    const incident = await given.app.inject({
      method: "POST",
      url: "/api/security/incidents",
      remoteAddress: address,
      payload: { activity: "devtools-open", count: 6 },
    });
    expect(incident.statusCode).toBe(202);
    const { events, incidents } = await overview();
    expect(events.find((row) => row.ip === address)).toMatchObject({
      kind: "client",
      activity: "devtools-open",
      userId: given.member.id,
      count: 1,
      data: { note: "x", token: "[REDACTED]" },
    });
    expect(incidents.find((row) => row.ip === address)).toMatchObject({
      source: "client",
      activity: "devtools-open",
      userId: null,
      count: 6,
      status: "open",
    });
  });

  it("validates and rate-limits reports", async () => {
    const missingCount = await given.app.inject({
      method: "POST",
      url: "/api/security/incidents",
      remoteAddress: someAddress(),
      payload: { activity: "x" },
    });
    expect(missingCount.statusCode).toBe(400);
    const address = someAddress();
    const send = () =>
      given.app.inject({
        method: "POST",
        url: "/api/security/incidents",
        remoteAddress: address,
        payload: { activity: "spam", count: 6 },
      });
    for (let i = 0; i < SECURITY_REPORT_RATES.incidents.points; i += 1) {
      expect((await send()).statusCode).toBe(202);
    }
    expect((await send()).statusCode).toBe(429);
  });

  it("shows the lists to admins only, who resolve incidents", async () => {
    expect((await request(given.app, given.member, "GET", "/api/admin/security")).statusCode).toBe(
      403,
    );
    const open = (await overview()).incidents.find((row) => row.status === "open");
    if (open === undefined) throw new Error("no incident");
    const resolve = `/api/admin/security/incidents/${open.id}/resolve`;
    const resolved = await request(given.app, given.admin, "POST", resolve);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().incident).toMatchObject({
      id: open.id,
      status: "resolved",
      resolvedAt: expect.any(String),
    });
  });
});

describe("the request-burst check", () => {
  const burstsOf = (incidents: IncidentView[], address: string) =>
    incidents.filter((row) => row.source === "server" && row.ip === address);

  it("raises one incident for a client over 50 requests in 30 s, once", async () => {
    const address = someAddress();
    const calm = someAddress();
    const hit = (from: string) =>
      given.app.inject({ method: "GET", url: "/api/catalog", remoteAddress: from });
    for (let i = 0; i < SUSPICIOUS_ACTIVITY.threshold; i += 1) {
      await hit(address);
      await hit(calm);
    }
    await given.app.services.security.checkBursts();
    expect(burstsOf((await overview()).incidents, address)).toHaveLength(0);

    await hit(address);
    await hit(address);
    const first = await given.app.services.security.checkBursts();
    expect(first.incidents).toBe(1);
    const again = await given.app.services.security.checkBursts();
    expect(again.incidents).toBe(0);

    const { incidents, events } = await overview();
    const raised = burstsOf(incidents, address);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      activity: BURST_ACTIVITY,
      status: "open",
      userId: null,
      count: SUSPICIOUS_ACTIVITY.threshold + 2,
    });
    expect(events.filter((row) => row.ip === address && row.kind === "server")).toHaveLength(1);
    expect(burstsOf(incidents, calm)).toHaveLength(0);
  });

  it("counts a signed-in user across addresses, as one client", async () => {
    const user = await createUser(given.app, { tier: "infinity" });
    for (let i = 0; i <= SUSPICIOUS_ACTIVITY.threshold; i += 1) {
      await given.app.inject({
        method: "GET",
        url: "/api/auth/me",
        headers: user.auth,
        remoteAddress: someAddress(),
      });
    }
    expect((await given.app.services.security.checkBursts()).incidents).toBe(1);
    const raised = (await overview()).incidents.filter(
      (row) => row.source === "server" && row.userId === user.id,
    );
    expect(raised).toHaveLength(1);
    expect(raised[0]?.data).toMatchObject({ client: `user:${user.id}` });
  });
});
