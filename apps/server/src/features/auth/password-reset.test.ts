// Password reset over the real API: the mailed link (through a real SMTP server, or the outbox), single use, expiry, limits.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTokens } from "../../db/schema.js";
import { createUser, PASSWORD, someAddress } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { type SmtpCatcher, startSmtpCatcher } from "../../test/smtp-catcher.js";
import type { Mail } from "../mail/index.js";
import { createPasswordResetService } from "./password-reset.js";

const NEW_PASSWORD = "Hv4&pRt8Yw";

async function post(test: TestApp, url: string, payload: object, remoteAddress = someAddress()) {
  const response = await test.app.inject({ method: "POST", url, payload, remoteAddress });
  // The link is made and queued after the answer.
  await test.app.services.passwordResets.idle();
  return response;
}

function tokenFrom(text: string, publicUrl: string): string {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}/auth/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe("with an SMTP server", () => {
  let smtp: SmtpCatcher;
  let test: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    test = await buildTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://aacos.example",
      MAIL_FROM: "AACOS <no-reply@aacos.example>",
    });
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  it("mails a link whose token sets a new password, ends every session and then signs in", async () => {
    const user = await createUser(test.app);
    const requested = await post(test, "/api/auth/reset-password", {
      email: user.email.toUpperCase(),
    });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({});
    await test.app.services.mailer.idle();

    const mail = smtp.received.find(
      (item) => item.to !== undefined && item.text?.includes("token="),
    );
    expect(mail).toBeDefined();
    if (mail === undefined) return;
    expect(JSON.stringify(mail.to)).toContain(user.email);
    expect(mail.from?.text).toContain("no-reply@aacos.example");
    expect(mail.subject).toBe("איפוס הסיסמה שלך ב-AACOS");
    const token = tokenFrom(mail.text ?? "", "https://aacos.example");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    // Delivered mail is marked sent, so it no longer shows in the outbox.
    const admin = await createUser(test.app, { roles: ["admin"] });
    const outbox = await request(test.app, admin, "GET", "/api/admin/outbox");
    expect(outbox.json().items).toEqual([]);

    const confirmed = await post(test, "/api/auth/reset-password/confirm", {
      token,
      password: NEW_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(204);

    const oldSession = await request(test.app, user, "GET", "/api/auth/me");
    expect(oldSession.statusCode).toBe(401);
    const oldPassword = await post(test, "/api/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    const login = await post(test, "/api/auth/login", {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(user.id);
    // Following the mailed link proved the address.
    expect(login.json().user.emailVerified).toBe(true);

    const audit = await request(test.app, admin, "GET", "/api/admin/audit");
    expect(audit.json().items).toContainEqual(
      expect.objectContaining({ action: "auth.password_reset", targetId: user.id }),
    );
  });

  it("answers 202 for an unknown address and sends nothing", async () => {
    const before = smtp.received.length;
    const response = await post(test, "/api/auth/reset-password", { email: "nobody@example.com" });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    await test.app.services.mailer.idle();
    expect(smtp.received).toHaveLength(before);
  });
});

describe("without an SMTP server", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  async function requestLink(email: string): Promise<string> {
    const response = await post(test, "/api/auth/reset-password", { email });
    expect(response.statusCode).toBe(202);
    const [mail] = (await test.app.services.mailer.outbox()).filter((item) => item.to === email);
    if (mail === undefined) throw new Error(`no mail to ${email}`);
    return tokenFrom(mail.text, test.config.publicUrl);
  }

  it("keeps the mail in the outbox, which only an admin reads", async () => {
    const user = await createUser(test.app);
    await post(test, "/api/auth/reset-password", { email: user.email });
    const admin = await createUser(test.app, { roles: ["admin"] });
    const response = await request(test.app, admin, "GET", "/api/admin/outbox");
    expect(response.statusCode).toBe(200);
    const [newest] = response.json().items;
    expect(newest).toEqual({
      to: user.email,
      subject: expect.any(String),
      text: expect.stringContaining(`${test.config.publicUrl}/auth/reset-password?token=`),
      createdAt: expect.any(String),
    });

    const asUser = await request(test.app, user, "GET", "/api/admin/outbox");
    expect(asUser.statusCode).toBe(403);
    const anonymous = await test.app.inject({ method: "GET", url: "/api/admin/outbox" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("writes the mail in English for an English-speaking account", async () => {
    const user = await createUser(test.app);
    await request(test.app, user, "PATCH", "/api/auth/profile", { locale: "en" });
    await requestLink(user.email);
    const [mail] = (await test.app.services.mailer.outbox()).filter(
      (item) => item.to === user.email,
    );
    expect(mail?.subject).toBe("Reset your AACOS password");
  });

  it("sends nothing for an unknown address", async () => {
    const response = await post(test, "/api/auth/reset-password", { email: "ghost@example.com" });
    expect(response.statusCode).toBe(202);
    const outbox = await test.app.services.mailer.outbox();
    expect(outbox.some((item) => item.to === "ghost@example.com")).toBe(false);
  });

  it("accepts a link once only", async () => {
    const user = await createUser(test.app);
    const token = await requestLink(user.email);
    const first = await post(test, "/api/auth/reset-password/confirm", {
      token,
      password: NEW_PASSWORD,
    });
    expect(first.statusCode).toBe(204);
    const second = await post(test, "/api/auth/reset-password/confirm", {
      token,
      password: "Other$Pass42x",
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.fields).toEqual({
      token: "This reset link is invalid or has expired",
    });
  });

  it("ends the other links of the account when one is used", async () => {
    const user = await createUser(test.app);
    const older = await requestLink(user.email);
    const newer = await requestLink(user.email);
    expect(older).not.toBe(newer);
    const used = await post(test, "/api/auth/reset-password/confirm", {
      token: newer,
      password: NEW_PASSWORD,
    });
    expect(used.statusCode).toBe(204);
    const stale = await post(test, "/api/auth/reset-password/confirm", {
      token: older,
      password: NEW_PASSWORD,
    });
    expect(stale.statusCode).toBe(400);
  });

  it("refuses an expired or made-up token", async () => {
    const user = await createUser(test.app);
    const token = await requestLink(user.email);
    await test.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "password_reset")));
    for (const candidate of [token, "made-up-token"]) {
      const response = await post(test, "/api/auth/reset-password/confirm", {
        token: candidate,
        password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.token).toBe("This reset link is invalid or has expired");
    }
  });

  it("refuses a weak or breached password without spending the link", async () => {
    const user = await createUser(test.app);
    const token = await requestLink(user.email);
    const weak = await post(test, "/api/auth/reset-password/confirm", { token, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toContain("at least 8 characters");
    const breached = await post(test, "/api/auth/reset-password/confirm", {
      token,
      password: "Password1!",
    });
    expect(breached.statusCode).toBe(400);
    expect(breached.json().error.fields.password).toContain("breached");
    const good = await post(test, "/api/auth/reset-password/confirm", {
      token,
      password: NEW_PASSWORD,
    });
    expect(good.statusCode).toBe(204);
  });

  it("allows 3 requests per 15 minutes from one address", async () => {
    const address = someAddress();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await post(
        test,
        "/api/auth/reset-password",
        { email: `a${attempt}@example.com` },
        address,
      );
      expect(response.statusCode).toBe(202);
    }
    const fourth = await post(
      test,
      "/api/auth/reset-password",
      { email: "a4@example.com" },
      address,
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe("rate_limited");
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("allows 3 requests per 15 minutes for one account, from any address", async () => {
    const user = await createUser(test.app);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await post(test, "/api/auth/reset-password", { email: user.email })).statusCode).toBe(
        202,
      );
    }
    const fourth = await post(test, "/api/auth/reset-password", { email: user.email });
    expect(fourth.statusCode).toBe(429);
  });

  it("answers a malformed address with 400", async () => {
    const response = await post(test, "/api/auth/reset-password", { email: "not-an-address" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toBe("Invalid email format");
  });
});

describe("timing", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ PUBLIC_URL: "https://aacos.example" });
  });
  afterAll(() => test.close());

  it("does the same (no) work before answering for a known and an unknown address", async () => {
    const user = await createUser(test.app);
    const queued: Mail[] = [];
    const held: Array<() => Promise<void>> = [];
    const resets = createPasswordResetService({
      db: test.app.database.db,
      clock: () => new Date("2026-11-25T10:00:00Z"),
      mailer: { ...test.app.services.mailer, queue: async (mail) => void queued.push(mail) },
      accounts: test.app.services.accounts,
      audit: test.app.services.audit,
      publicUrl: "https://aacos.example",
      log: { error: () => {} },
      defer: (task) => void held.push(task),
    });
    const tokensOf = () =>
      test.app.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));

    // What the caller waits for: nothing is looked up, stored or mailed for either address.
    expect(resets.request(user.email)).toBeUndefined();
    expect(resets.request("nobody-here@example.com")).toBeUndefined();
    expect(queued).toEqual([]);
    expect(await tokensOf()).toEqual([]);
    expect(held).toHaveLength(2);

    // Afterwards the known address gets its link, the unknown one nothing.
    for (const task of held) await task();
    expect(queued.map((mail) => mail.to)).toEqual([user.email]);
    expect(await tokensOf()).toHaveLength(1);
  });
});
