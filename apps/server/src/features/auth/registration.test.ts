// Registering with an address that has an account (docs/decisions/156): a neutral answer, a mail to the owner, few
// such answers per client address — and a new account still gets its 201 session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorReply } from "../../test/expected.js";
import { createUser, PASSWORD, someAddress } from "../../test/factories.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { CONFLICTS_PER_ADDRESS, EMAIL_UNAVAILABLE_MESSAGE } from "./registration-guard.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ PUBLIC_URL: "https://aacos.example" });
});
afterAll(() => test.close());

let sequence = 0;
const register = (email: string, remoteAddress: string) => {
  sequence += 1;
  return test.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, username: `newcomer_${sequence}`, password: PASSWORD },
    remoteAddress,
  });
};

async function mailsTo(email: string) {
  await test.app.services.mailer.idle();
  return (await test.app.services.mailer.outbox()).filter((mail) => mail.to === email);
}

describe("registering with an address in use", () => {
  it("answers neutrally, tells the owner by mail once a day, and never names the account", async () => {
    const owner = await createUser(test.app);
    const response = await register(owner.email.toUpperCase(), someAddress());
    expectErrorReply(response, 409, {
      code: "conflict",
      message: EMAIL_UNAVAILABLE_MESSAGE,
      params: { reason: "email_unavailable" },
      fields: { email: EMAIL_UNAVAILABLE_MESSAGE },
      fieldCodes: { email: { code: "email_unavailable", params: {} } },
    });
    const [notice, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe("מישהו ניסה לפתוח חשבון AACOS עם הכתובת שלך");
    expect(notice?.text).toContain("https://aacos.example/auth/forgot-password");

    // Someone trying again from elsewhere does not flood the owner's inbox.
    expect((await register(owner.email, someAddress())).statusCode).toBe(409);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("gives an address 2 such answers a day; then every registration from it waits, new address or not", async () => {
    const address = someAddress();
    const owners = await Promise.all(
      Array.from({ length: CONFLICTS_PER_ADDRESS.points }, () => createUser(test.app)),
    );
    for (const owner of owners) {
      expect((await register(owner.email, address)).statusCode).toBe(409);
    }
    // The address still has one of its 3 registrations per 10 minutes: the "in use" budget is what holds it.
    const fresh = await register("never-seen@example.com", address);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().error.message).toMatch(/^Too many registrations from this address/);
    // Elsewhere, the same new address registers as the contract says.
    const elsewhere = await register("never-seen@example.com", someAddress());
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toMatchObject({
      user: { email: "never-seen@example.com" },
      token: expect.any(String),
      refreshToken: expect.any(String),
    });
  });
});
