// @simplewebauthn/server loads with the first passkey ceremony (docs/decisions/204-start-up-lazy-modules.md): sign-in
// option requests that arrive together before it has loaded each get their own challenge and options.
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

it("answers the first ceremonies, asked at once, each with a challenge of its own", async () => {
  const replies = await Promise.all(
    [1, 2, 3].map(() =>
      test.app.inject({ method: "POST", url: "/api/auth/passkeys/login/options", payload: {} }),
    ),
  );
  expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
  const bodies = replies.map(
    (reply) => reply.json() as { challengeId: string; options: { challenge: string } },
  );
  expect(new Set(bodies.map((body) => body.challengeId)).size).toBe(3);
  expect(new Set(bodies.map((body) => body.options.challenge)).size).toBe(3);
  for (const body of bodies) expect(body.options.challenge).toMatch(/^[\w-]{16,}$/);
});
