// Outgoing mail: every message is recorded in mail_outbox, then delivered over SMTP when SMTP_URL is set.
import { desc, eq, isNull } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxItem extends Mail {
  createdAt: Date;
}

export interface Mailer {
  /** Records the mail and, with SMTP, delivers it; rejects when the SMTP server refuses it. */
  send(mail: Mail): Promise<void>;
  /**
   * Records the mail now and delivers it in the background, so the caller's answer does not wait on
   * (or reveal by its timing) the SMTP conversation. A failed delivery is logged and stays unsent.
   */
  queue(mail: Mail): Promise<void>;
  /** Settles once every background delivery has finished (shutdown, tests). */
  idle(): Promise<void>;
  /** Mail not (yet) delivered, newest first: everything when no SMTP server is configured. */
  outbox(limit?: number): Promise<OutboxItem[]>;
  close(): Promise<void>;
}

/** The part of the server's logger the mailer uses. */
export interface MailLog {
  info(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

export interface MailerDeps {
  db: Db;
  clock: () => Date;
  log: MailLog;
  smtpUrl: string | undefined;
  from: string;
}

export function createMailer(deps: MailerDeps): Mailer {
  const { db, clock, log, from } = deps;
  const smtpUrl = deps.smtpUrl;
  // nodemailer (about 400 KB) is its own chunk, loaded with the first mail to deliver rather than with the server
  // (docs/decisions/204-start-up-lazy-modules.md).
  let transport: Promise<Transporter> | null = null;
  const connect = (url: string) => {
    transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    return transport;
  };
  const inFlight = new Set<Promise<void>>();

  async function record(mail: Mail): Promise<string> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, createdAt: clock() })
      .returning({ id: mailOutbox.id });
    if (row === undefined) throw new Error("mail_outbox insert returned nothing");
    if (smtpUrl === undefined) {
      // No SMTP: a local developer finds the link in the log; an admin finds it at /api/admin/outbox.
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail kept in the outbox");
    }
    return row.id;
  }

  async function deliver(id: string, mail: Mail): Promise<void> {
    if (smtpUrl === undefined) return;
    await (await connect(smtpUrl)).sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    await db.update(mailOutbox).set({ sentAt: clock() }).where(eq(mailOutbox.id, id));
    log.info({ to: mail.to, subject: mail.subject }, "mail sent");
  }

  return {
    async send(mail) {
      await deliver(await record(mail), mail);
    },

    async queue(mail) {
      const recorded = record(mail);
      // Tracked from the start, so idle() and close() also wait for a mail still being recorded; a failed record
      // reaches the caller through `recorded`.
      const work = recorded.then(
        (id) =>
          deliver(id, mail).catch((error: unknown) => {
            log.error({ err: error, to: mail.to, subject: mail.subject }, "mail delivery failed");
          }),
        () => {},
      );
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
      await recorded;
    },

    async idle() {
      await Promise.all([...inFlight]);
    },

    async outbox(limit = 100) {
      return db
        .select({
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(isNull(mailOutbox.sentAt))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(limit);
    },

    async close() {
      await Promise.all([...inFlight]);
      (await transport)?.close();
    },
  };
}
