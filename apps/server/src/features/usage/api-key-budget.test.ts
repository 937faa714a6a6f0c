// Issue 14: a script with a personal API key on genesis makes 11 calls in a minute and gets the exact 429 on the
// 11th. The app runs on a fixed clock (key expiry and last use read it); no session token is involved.
import { afterAll, beforeAll, expect, it } from "vitest";
import { expectMinuteLimitRefusal } from "../../test/expected.js";
import { createUser } from "../../test/factories.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

const NOW = new Date("2026-11-25T10:00:30.000Z");
let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp({}, undefined, { clock: () => NOW });
});
afterAll(() => test.close());

it("refuses a genesis script's 11th call in a minute with the spec's 429", async () => {
  const user = await createUser(test.app);
  const { key } = await test.app.services.apiKeys.create(
    { actorId: user.id },
    { name: "cron", scopes: ["read"], expiresAt: "2026-11-26T10:00:00.000Z" },
  );
  const statuses: number[] = [];
  let refused: Awaited<ReturnType<typeof test.app.inject>> | undefined;
  for (let i = 0; i < 11; i++) {
    const response = await test.app.inject({
      method: "GET",
      url: "/api/aacos/universes",
      headers: { authorization: `Bearer ${key}` },
    });
    statuses.push(response.statusCode);
    if (response.statusCode === 429) refused = response;
  }
  expect(statuses).toEqual([...Array(10).fill(200), 429]);
  if (refused === undefined) throw new Error("no refusal");
  const body = expectMinuteLimitRefusal(refused);
  expect(refused.headers["ratelimit-policy"]).toBe(
    '"minute";q=10;w=60, "hour";q=100;w=3600, "day";q=1000;w=86400, "concurrent";q=2;qu="concurrency"',
  );
  expect(refused.headers.ratelimit).toBe(`"minute";r=0;t=${body.retryAfter}`);
  // The key's last use is the app's clock, and the usage record shows the ten calls the server counted.
  const [listed] = await test.app.services.apiKeys.list(user.id);
  expect(listed?.lastUsedAt).toBe(NOW.toISOString());
  expect((await test.app.metering.usageOf(user.id, "genesis", "genesis")).counts.minute).toBe(10);
});
