// Refresh tokens: opaque, 7 days, stored hashed, rotated on every use; reuse of a rotated token revokes the whole family.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { REFRESH_TOKEN_TTL_MS } from "@aacos/domain/access";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { refreshTokens } from "../../db/schema.js";
import { revokeSession } from "../../platform/auth.js";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface IssuedRefresh {
  refreshToken: string;
  sessionId: string;
  expiresAt: Date;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export type RotateResult =
  | { kind: "rotated"; userId: string; rememberMe: boolean; issued: IssuedRefresh }
  | { kind: "reused"; userId: string; sessionId: string }
  | { kind: "invalid" };

export function createSessionStore(db: Db, clock: () => Date) {
  async function insert(
    userId: string,
    sessionId: string,
    rememberMe: boolean,
    client: ClientInfo,
  ): Promise<IssuedRefresh> {
    const refreshToken = randomBytes(32).toString("base64url");
    const createdAt = clock();
    const expiresAt = new Date(createdAt.getTime() + REFRESH_TOKEN_TTL_MS);
    await db.insert(refreshTokens).values({
      userId,
      familyId: sessionId,
      tokenHash: hashToken(refreshToken),
      rememberMe,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
      createdAt,
      expiresAt,
    });
    return { refreshToken, sessionId, expiresAt };
  }

  return {
    /** A new session (family) with its first refresh token. */
    start(userId: string, rememberMe: boolean, client: ClientInfo): Promise<IssuedRefresh> {
      return insert(userId, randomUUID(), rememberMe, client);
    },

    async rotate(refreshToken: string, client: ClientInfo): Promise<RotateResult> {
      const now = clock();
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
      if (row === undefined) return { kind: "invalid" };
      if (row.revokedAt !== null || row.expiresAt <= now) return { kind: "invalid" };
      // Only one caller can win the rotation; a second presentation of the same token is reuse.
      const claimed = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) {
        await revokeSession(db, row.familyId, now);
        return { kind: "reused", userId: row.userId, sessionId: row.familyId };
      }
      const issued = await insert(row.userId, row.familyId, row.rememberMe, client);
      return { kind: "rotated", userId: row.userId, rememberMe: row.rememberMe, issued };
    },

    /** The session a refresh token belongs to, whatever its state. */
    async sessionOf(refreshToken: string): Promise<{ sessionId: string; userId: string } | null> {
      const [row] = await db
        .select({ sessionId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
      return row ?? null;
    },

    revoke: (sessionId: string) => revokeSession(db, sessionId, clock()),

    async revokeAllOf(userId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: clock() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    /** Active sessions of a user, newest first: one row per family, its latest token. */
    async list(userId: string) {
      const rows = await db
        .select()
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            isNull(refreshTokens.rotatedAt),
            gt(refreshTokens.expiresAt, clock()),
          ),
        )
        .orderBy(desc(refreshTokens.createdAt));
      return rows.map((row) => ({
        id: row.familyId,
        userAgent: row.userAgent,
        ip: row.ip,
        lastUsedAt: row.createdAt,
        expiresAt: row.expiresAt,
      }));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
