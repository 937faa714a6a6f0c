// Issue 13: "/%61pi/aacos/universes" reached the handler but skipped every plan window, the concurrency cap, the
// visitor limit and burst detection. Metering decides on the matched route now; this walks encoded variants of
// every metered route, for a visitor, a session and an API key, and checks each is metered like the plain path
// or refused (docs/decisions/162-decide-on-the-matched-route.md).
import { SUSPICIOUS_ACTIVITY } from "@aacos/domain/validation";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityEvents } from "../../db/schema.js";
import { createApiKey, createUser, someAddress } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";

let test: TestApp;
const ROUTE_HEADER = "x-test-matched-route";

beforeAll(async () => {
  test = await buildTestApp({}, (app) => {
    // Test-only: say which route each request matched, so a variant reaching another handler is seen.
    app.addHook("onSend", async (request, reply, payload) => {
      reply.header(ROUTE_HEADER, request.routeOptions.url ?? "(none)");
      return payload;
    });
  });
});
afterAll(() => test.close());

const ID = "00000000-0000-4000-8000-000000000000";

const encodeAll = (segment: string) =>
  [...segment].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join("");

/** Ways to spell a path that a router, a proxy or a decoder may read as the same route. */
function variants(path: string): string[] {
  const [, first = "", ...rest] = path.split("/");
  const tail = rest.join("/");
  return [
    `/%61pi/${tail}`,
    `/%2561pi/${tail}`,
    `/${encodeAll(first)}/${rest.map(encodeAll).join("/")}`,
    `/api/${rest.map((segment) => segment.replace(/[a-z]/, (char) => `%${char.charCodeAt(0).toString(16)}`)).join("/")}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `/./${first}/${tail}`,
    `/${first}/./${tail}`,
    `/${first}/x/../${tail}`,
    `/API/${tail}`,
    `/${first}/${tail.toUpperCase()}`,
    `${path}/`,
    `${path};x=1`,
    `${path}?x=1`,
    `/${first}%2F${rest.join("%2F")}`,
    `/${first}\\${rest.join("\\")}`,
  ];
}

type Identity = "visitor" | "session" | "key";

describe("encoded paths", () => {
  it("are metered like the plain path, or refused, on every metered route", async () => {
    const user = await createUser(test.app, { roles: ["user", "admin"], tier: "cosmic" });
    const apiKey = await createApiKey(test.app, user);
    const headersOf: Record<Identity, Record<string, string>> = {
      visitor: {},
      session: user.auth,
      key: apiKey.auth,
    };
    const send = (identity: Identity, method: string, url: string) =>
      test.app.inject({
        method: method as "GET",
        url,
        headers: headersOf[identity],
        remoteAddress: someAddress(),
        ...(method === "GET" ? {} : { payload: {} }),
      });
    /** How a response was metered: the policy it carries ("" none), or the key's refusal. */
    const meteringOf = (response: Awaited<ReturnType<typeof send>>) => {
      const policy = String(response.headers["ratelimit-policy"] ?? "");
      const refusedKey =
        response.statusCode === 403 && response.json().error?.code === "api_key_not_allowed";
      return refusedKey ? "key-refused" : policy;
    };

    // Sign-in plumbing is never metered (and signing out would end the walk's session); the socket needs an upgrade.
    const routes = test.app.apiRoutes.filter(
      (route) =>
        !route.url.startsWith("/api/auth/") &&
        !["/api/test/slow", "/api/realtime", "/api/setup"].includes(route.url),
    );
    const problems: string[] = [];
    let meteredRoutes = 0;
    for (const identity of ["visitor", "session", "key"] as const) {
      // How each route is metered for this caller when spelled plainly; a path matching no route is a probe.
      const expectedFor = new Map<string, string>();
      expectedFor.set("(none)", meteringOf(await send(identity, "GET", "/api/no-such-route")));
      expectedFor.set("/*", expectedFor.get("(none)") ?? "");
      for (const route of routes) {
        const path = route.url.replaceAll(/:[A-Za-z]+/g, ID);
        expectedFor.set(
          `${route.method} ${route.url}`,
          meteringOf(await send(identity, route.method, path)),
        );
      }
      for (const route of routes) {
        const expected = expectedFor.get(`${route.method} ${route.url}`) ?? "";
        if (expected === "") continue; // Not metered for this caller (health, catalog, the plan screen…).
        meteredRoutes += 1;
        const path = route.url.replaceAll(/:[A-Za-z]+/g, ID);
        for (const variant of variants(path)) {
          const response = await send(identity, route.method, variant);
          const matched = String(response.headers[ROUTE_HEADER]);
          const got = meteringOf(response);
          // Whatever route the spelling reached (this one, another, or none), it is metered as that route is.
          const want =
            expectedFor.get(
              matched === "(none)" || matched === "/*" ? matched : `${route.method} ${matched}`,
            ) ?? "(unknown route)";
          if (got !== want) {
            problems.push(`${identity} ${route.method} ${variant} → ${matched}: ${got} ≠ ${want}`);
          }
          // Only this route's own handler may answer with success.
          if (matched !== route.url && response.statusCode < 400) {
            problems.push(
              `${identity} ${route.method} ${variant}: ${response.statusCode} via ${matched}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(meteredRoutes).toBeGreaterThan(300);
  }, 600_000);

  it("count towards burst detection", async () => {
    const address = someAddress();
    const spellings = ["/%61pi/catalog", "//api/catalog", "/API/catalog", "/api/./catalog"];
    for (let i = 0; i <= SUSPICIOUS_ACTIVITY.threshold; i++) {
      await test.app.inject({
        method: "GET",
        url: spellings[i % spellings.length],
        remoteAddress: address,
      });
    }
    // On Redis the counts go out in the background; the check sends them first.
    await test.app.services.security.checkBursts();
    const flags = await test.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.ip, address), eq(securityEvents.activity, "request-burst")));
    expect(flags).toHaveLength(1);
  });

  it("meter a genesis script's encoded calls against its plan", async () => {
    const user = await createUser(test.app);
    const apiKey = await createApiKey(test.app, user, { scopes: ["read"] });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const url =
        ["/%61pi/aacos/universes", "//api/aacos/universes", "/api/aacos/universes;x"][i % 3] ?? "";
      statuses.push(
        (await test.app.inject({ method: "GET", url, headers: apiKey.auth })).statusCode,
      );
    }
    // Plain, "//" and the rest: whatever reached the handler counted; nothing got past the tenth.
    const handled = statuses.filter((status) => status === 200).length;
    expect(handled).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 200 && status !== 429 && status !== 404)).toEqual(
      [],
    );
    const usage = await request(test.app, user, "GET", "/api/usage/me");
    expect(usage.json().counts.minute).toBe(handled);
  });
});
