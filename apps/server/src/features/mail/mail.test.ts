// The mailer against a real SMTP server and without one: what is recorded, delivered, logged and listed.

import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema.js";
import { openTestDatabase } from "../../test/helper.js";
import { type SmtpCatcher, startSmtpCatcher } from "../../test/smtp-catcher.js";
import { createMailer } from "./mailer.js";

type Logged = { level: "info" | "error"; data: Record<string, unknown>; message: string };

function recordingLog() {
  const lines: Logged[] = [];
  return {
    lines,
    log: {
      info: (data: Record<string, unknown>, message: string) =>
        lines.push({ level: "info", data, message }),
      error: (data: Record<string, unknown>, message: string) =>
        lines.push({ level: "error", data, message }),
    },
  };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: SmtpCatcher;
beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  await database.database.close();
  await database.drop();
});

// One fixed clock that ticks a second per reading, shared by every test of the file: the outbox is
// ordered by time, so mixing the wall clock with a fixed one would make the order depend on today's date.
let now = Date.parse("2026-11-24T10:00:00Z");
const clock = () => {
  now += 1000;
  return new Date(now);
};
/** The real mailer on this file's database and clock, sending through `smtpUrl`, with a log the test reads. */
function recordingMailer(smtpUrl: string | undefined) {
  const { log, lines } = recordingLog();
  const from = "AACOS <no-reply@aacos.example>";
  return { mailer: createMailer({ db: database.database.db, clock, log, smtpUrl, from }), lines };
}
const mail = (to: string) => ({ to, subject: "Hello", text: "Line one\nhttps://aacos.example/x" });

describe("with SMTP", () => {
  it("delivers the mail and records it as sent", async () => {
    const { mailer, lines } = recordingMailer(smtp.url);
    await mailer.send(mail("dana@example.com"));
    const received = smtp.received.at(-1);
    expect(received?.subject).toBe("Hello");
    expect(received?.text?.trim()).toBe("Line one\nhttps://aacos.example/x");
    expect(received?.from?.text).toBe('"AACOS" <no-reply@aacos.example>');
    const [row] = await database.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "dana@example.com"));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await mailer.outbox()).toEqual([]);
    // Sent mail is not echoed into the log with its text.
    expect(lines.some((line) => "text" in line.data)).toBe(false);
    await mailer.close();
  });

  it("keeps undeliverable queued mail in the outbox and logs the failure", async () => {
    const { mailer, lines } = recordingMailer(`smtp://127.0.0.1:${await closedPort()}`);
    await mailer.queue(mail("lost@example.com"));
    await mailer.idle();
    expect((await mailer.outbox()).map((item) => item.to)).toContain("lost@example.com");
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "error", message: "mail delivery failed" }),
    );
    await mailer.close();
  });
});

describe("without SMTP", () => {
  it("keeps the mail in the outbox, newest first, and logs it with its text", async () => {
    const { mailer, lines } = recordingMailer(undefined);
    await mailer.send(mail("first@example.com"));
    await mailer.queue(mail("second@example.com"));
    const items = await mailer.outbox();
    expect(items.map((item) => item.to).slice(0, 2)).toEqual([
      "second@example.com",
      "first@example.com",
    ]);
    expect(lines).toContainEqual({
      level: "info",
      message: "mail kept in the outbox",
      data: { to: "first@example.com", subject: "Hello", text: mail("x").text },
    });
    await mailer.close();
  });

  it("waits in idle() and close() for a mail queued without waiting, still being recorded", async () => {
    const { mailer } = recordingMailer(undefined);
    // What a reply that must not wait on the mail does (the registration notice): the answer goes out first.
    void mailer.queue(mail("unawaited@example.com"));
    await mailer.idle();
    expect((await mailer.outbox()).map((item) => item.to)).toContain("unawaited@example.com");
    void mailer.queue(mail("at-close@example.com"));
    await mailer.close();
    expect((await mailer.outbox()).map((item) => item.to)).toContain("at-close@example.com");
  });
});
