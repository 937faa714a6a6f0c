// The user's own account: the /desktop layout, the "Your data" export archive and deleting the account with
// everything it owns (docs/decisions/131-account-export-and-deletion.md).

import { randomBytes } from "node:crypto";
import {
  DELETE_LINK_INVALID_MESSAGE,
  DELETE_LINK_PARAM,
  DELETE_LINK_TTL_MS,
  LAST_ADMIN_DELETE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "@aacos/domain/account";
import { fieldFailure } from "@aacos/domain/errors";
import { DEFAULT_LAYOUT, DesktopLayout } from "@aacos/domain/layout";
import { and, count, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  auditLog,
  conversations,
  emailTokens,
  files,
  messages,
  userLayouts,
  users,
} from "../../db/schema.js";
import { AppError, unauthorized, validationFailed } from "../../platform/errors.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import { hashToken, verifyPassword } from "../auth/index.js";
import type { FileService } from "../files/index.js";
import { localizedMail, type Mail, type Mailer } from "../mail/index.js";
import { type ArchiveWriter, README } from "./archive.js";
import { eraseUser } from "./erase.js";
import { ownedTables } from "./owned-tables.js";

/** Secrets that never leave the server, not even to their owner (by table, then property). */
const SECRET_FIELDS: Record<string, readonly string[]> = {
  users: ["passwordHash"],
  refresh_tokens: ["tokenHash"],
  mfa_totp: ["secret"],
  mfa_recovery_codes: ["codeHash"],
  auth_challenges: ["data"],
  email_tokens: ["tokenHash"],
  files: ["storageKey"],
  api_keys: ["keyHash"],
};

function withoutSecrets(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const hidden = SECRET_FIELDS[table];
  if (hidden === undefined) return row;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !hidden.includes(key)));
}

const DELETE_PURPOSE = "account_delete";

/** The confirmation mail, in the account's language (Hebrew is the product's default). */
export function deletionMail(to: string, locale: string, link: string): Mail {
  return localizedMail(to, locale, {
    en: {
      subject: "Confirm deleting your AACOS account",
      lines: [
        "Someone signed in to your AACOS account asked to delete it, with everything it holds.",
        "",
        "To delete the account, open this link within 30 minutes and confirm:",
        link,
        "",
        "If it was not you, ignore this mail and change your password: nothing is deleted without the link.",
      ],
    },
    he: {
      subject: "אישור מחיקת חשבון ה-AACOS שלך",
      lines: [
        "התקבלה מתוך חשבון ה-AACOS שלך בקשה למחוק אותו, עם כל מה שיש בו.",
        "",
        "כדי למחוק את החשבון, יש לפתוח את הקישור הזה בתוך 30 דקות ולאשר:",
        link,
        "",
        "אם לא ביקשת זאת, אפשר להתעלם מהודעה זו ולהחליף סיסמה: שום דבר לא נמחק בלי הקישור.",
      ],
    },
  });
}

/** What proves, right now, that the owner wants the account gone. */
export type DeletionProof = { password: string } | { token: string };

export function createAccountDataService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  files: Pick<FileService, "open" | "removeAllOf">;
  mailer: Pick<Mailer, "queue">;
  publicUrl: string;
  /** Told after an account is gone (the leaderboard's index drops the user). */
  onDeleted?: (userId: string) => Promise<void>;
}) {
  const { db, clock, audit, files: fileService } = deps;

  /** Spends the user's deletion token: true once, for an unused, unexpired token of this user. */
  async function spendDeletionToken(userId: string, token: string): Promise<boolean> {
    const now = clock();
    const spent = await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, DELETE_PURPOSE),
          eq(emailTokens.userId, userId),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return spent.length > 0;
  }

  async function rowsOf(table: ReturnType<typeof ownedTables>[number], userId: string) {
    const conditions = table.userColumns.map((column) => eq(column, userId));
    const where = conditions.length === 1 ? conditions[0] : or(...conditions);
    const rows = (await db.select().from(table.table).where(where)) as Record<string, unknown>[];
    return rows.map((row) => withoutSecrets(table.name, row));
  }

  return {
    /** The saved layout, or the default one; a stored layout that no longer validates falls back too. */
    async layout(userId: string): Promise<DesktopLayout> {
      const [row] = await db
        .select({ layout: userLayouts.layout })
        .from(userLayouts)
        .where(eq(userLayouts.userId, userId));
      const parsed = DesktopLayout.safeParse(row?.layout);
      return parsed.success ? parsed.data : DEFAULT_LAYOUT;
    },

    async saveLayout(userId: string, layout: DesktopLayout): Promise<DesktopLayout> {
      const now = clock();
      await db
        .insert(userLayouts)
        .values({ userId, layout, updatedAt: now })
        .onConflictDoUpdate({ target: userLayouts.userId, set: { layout, updatedAt: now } });
      return layout;
    },

    /** Writes everything the user owns into the archive, table by table, then their files' bytes. */
    async exportTo(userId: string, archive: ArchiveWriter): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (user === undefined) throw unauthorized();
      archive.text("README.txt", README);
      archive.json("profile.json", withoutSecrets("users", user));
      const written: string[] = [];
      for (const table of ownedTables()) {
        if (table.name === "audit_log") continue;
        archive.json(`data/${table.name}.json`, await rowsOf(table, userId));
        written.push(table.name);
      }
      // Messages hang off conversations, and audit entries name the user as actor or target.
      const own = db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.userId, userId));
      archive.json(
        "data/messages.json",
        await db.select().from(messages).where(inArray(messages.conversationId, own)),
      );
      archive.json(
        "data/audit_log.json",
        await db
          .select()
          .from(auditLog)
          .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetId, userId))),
      );
      archive.json("data/tables.json", [...written, "messages", "audit_log"].sort());
      const stored = await db
        .select({ id: files.id, name: files.name })
        .from(files)
        .where(eq(files.userId, userId));
      for (const file of stored) {
        const { stream } = await fileService.open(userId, file.id);
        await archive.stream(`files/${file.id}/${safeName(file.name)}`, stream);
      }
    },

    /**
     * Deletes the account after the password check: stored files (rows, then bytes) first, then in one transaction
     * anonymises the logs that outlive accounts and deletes the user, which cascades to every owned table. The
     * access tokens stop working at once because each request loads its user, and the sessions are gone.
     */
    /**
     * Mails the owner a single-use link that confirms deleting the account: the fresh re-authentication every
     * account has, whether it signs in with a password, a passkey or OpenID Connect.
     */
    async mailDeletionLink(userId: string): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (user === undefined) throw unauthorized();
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      await db.insert(emailTokens).values({
        tokenHash: hashToken(token),
        purpose: DELETE_PURPOSE,
        userId,
        expiresAt: new Date(now.getTime() + DELETE_LINK_TTL_MS),
        createdAt: now,
      });
      const link = `${deps.publicUrl}/settings?${DELETE_LINK_PARAM}=${token}`;
      await deps.mailer.queue(deletionMail(user.email, user.locale, link));
    },

    async deleteAccount(
      userId: string,
      proof: DeletionProof,
      context: AuditContext,
    ): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (user === undefined) throw unauthorized();
      if ("token" in proof) {
        if (!(await spendDeletionToken(userId, proof.token))) {
          throw validationFailed({
            token: fieldFailure(DELETE_LINK_INVALID_MESSAGE, "link_invalid"),
          });
        }
      } else if (!(await verifyPassword(user.passwordHash, proof.password))) {
        throw validationFailed({
          password: fieldFailure(WRONG_PASSWORD_MESSAGE, "wrong_password"),
        });
      }
      if (user.roles.includes("admin")) {
        const [row] = await db
          .select({ total: count() })
          .from(users)
          .where(and(ne(users.id, userId), sql`'admin' = any(${users.roles})`));
        if ((row?.total ?? 0) === 0) {
          throw new AppError("last_admin", 409, LAST_ADMIN_DELETE_MESSAGE);
        }
      }
      await eraseUser(db, fileService, user);
      await deps.onDeleted?.(userId);
      // Who deleted whom is not kept: the entry only says an account was deleted by its owner.
      await audit.record(
        { actorId: null, ip: context.ip, userAgent: context.userAgent },
        "user.deleted",
        null,
        { self: true },
      );
    },
  };
}

/** A stored name as a path segment inside the archive (no folders, no control characters). */
function safeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const cleaned = name.replace(/[\u0000-\u001f/\\]/g, "_").slice(0, 120);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned;
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
