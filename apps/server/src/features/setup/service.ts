// The first admin: from AACOS_ADMIN_EMAIL/AACOS_ADMIN_PASSWORD at start-up, or through a one-time setup link (24 h).

import { randomBytes } from "node:crypto";
import { fieldFailure } from "@aacos/domain/errors";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailTokens, users } from "../../db/schema.js";
import type { UserRow } from "../../platform/auth.js";
import { conflict, validationFailed } from "../../platform/errors.js";
import type { AuditService } from "../audit/index.js";
import { type AccountService, hashToken } from "../auth/index.js";

const SETUP_TTL_MS = 24 * 3_600_000;
export const INVALID_SETUP_LINK = "This setup link is invalid or has expired";

export function createSetupService(deps: {
  db: Db;
  clock: () => Date;
  accounts: AccountService;
  audit: AuditService;
}) {
  const { db, clock, accounts, audit } = deps;

  async function adminExists(): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`'admin' = any(${users.roles})`)
      .limit(1);
    return row !== undefined;
  }

  /** A free username from an e-mail's local part. */
  async function usernameFor(email: string): Promise<string> {
    const base =
      (email.split("@")[0] ?? "admin").replace(/[^a-z0-9_.-]/gi, "").toLowerCase() || "admin";
    for (let suffix = 0; ; suffix++) {
      const candidate = (suffix === 0 ? base : `${base}${suffix}`).padEnd(3, "0").slice(0, 32);
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, candidate));
      if (taken === undefined) return candidate;
    }
  }

  return {
    adminExists,

    /** Creates the admin, or makes the existing account an admin with this password. */
    async ensureAdmin(email: string, password: string): Promise<UserRow> {
      const existing = await accounts.findByLogin(email);
      if (existing === undefined) {
        const created = await accounts.createUser({
          email,
          username: await usernameFor(email.toLowerCase()),
          password,
          roles: ["user", "admin"],
          emailVerified: true,
        });
        await audit.record({ actorId: null }, "admin.bootstrap", created.id, { created: true });
        return created;
      }
      await accounts.setPassword(existing.id, password);
      const roles = existing.roles.includes("admin")
        ? existing.roles
        : [...existing.roles, "admin"];
      const [updated] = await db
        .update(users)
        .set({ roles })
        .where(eq(users.id, existing.id))
        .returning();
      await audit.record({ actorId: null }, "admin.bootstrap", existing.id, { created: false });
      return updated ?? existing;
    },

    /** A one-time link for the first admin, when there is none yet; null when one exists. */
    async issueSetupToken(): Promise<string | null> {
      if (await adminExists()) return null;
      const token = randomBytes(32).toString("base64url");
      await db.insert(emailTokens).values({
        tokenHash: hashToken(token),
        purpose: "admin_setup",
        expiresAt: new Date(clock().getTime() + SETUP_TTL_MS),
      });
      return token;
    },

    async completeSetup(
      token: string,
      input: { email: string; username: string; password: string },
    ) {
      if (await adminExists()) throw conflict("admin_exists", "An admin already exists");
      const [claimed] = await db
        .update(emailTokens)
        .set({ usedAt: clock() })
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            eq(emailTokens.purpose, "admin_setup"),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, clock()),
          ),
        )
        .returning({ tokenHash: emailTokens.tokenHash });
      if (claimed === undefined)
        throw validationFailed({ token: fieldFailure(INVALID_SETUP_LINK, "link_invalid") });
      const admin = await accounts.createUser({
        ...input,
        roles: ["user", "admin"],
        emailVerified: true,
      });
      await audit.record({ actorId: admin.id }, "admin.bootstrap", admin.id, { via: "setup-link" });
      return admin;
    },
  };
}
export type SetupService = ReturnType<typeof createSetupService>;
