// Concurrent claims of one unique thing: the loser hears 409 naming the right field, never a 500 (issue 13).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { expectErrorReply } from "../../test/expected.js";
import { createUser, PASSWORD, someAddress } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({}, (app, database) => {
    // Any insert racing a unique index, whatever the feature: the shared error handler answers 409.
    app.post("/test/duplicate-user", async () => {
      const values = { email: "twin@example.com", username: "twin_user", passwordHash: null };
      await database.db.insert(users).values(values).onConflictDoNothing();
      await database.db.insert(users).values(values);
      return {};
    });
  });
});
afterAll(() => test.close());

const register = (email: string, username: string) =>
  test.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, username, password: PASSWORD },
    remoteAddress: someAddress(),
  });

describe("racing claims", () => {
  it("10 registrations of one username: one account, nine 409s saying the username is taken", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(`racer${i}@example.com`, "same_name")),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.fields).toEqual({ username: "This username is taken" });
    }
  });

  it("10 registrations of one e-mail: one account, nine refusals, none a 500", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register("shared@example.com", `mail_racer${i}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it("10 users renaming themselves to one username: one succeeds, nine 409s on the username", async () => {
    const racers = await Promise.all(Array.from({ length: 10 }, () => createUser(test.app)));
    const responses = await Promise.all(
      racers.map((racer) =>
        request(test.app, racer, "PATCH", "/api/auth/profile", { username: "wanted_name" }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.fields).toEqual({ username: "This username is taken" });
    }
  });

  it("any unique violation a route does not handle becomes a 409", async () => {
    const response = await test.app.inject({ method: "POST", url: "/test/duplicate-user" });
    expectErrorReply(response, 409, {
      code: "conflict",
      message: "This already exists",
      params: { reason: "already_exists" },
    });
  });
});
