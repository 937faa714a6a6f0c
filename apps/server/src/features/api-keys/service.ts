// Personal API keys (docs/decisions/161-personal-api-keys.md): created (shown once), listed, revoked, and resolved
// on every call that presents one. Only a SHA-256 of each key is stored. The auth plugin keeps a resolved key for at
// most a second and every instance forgets it when its owner revokes it (docs/decisions/210-principal-cache.md), so
// a revocation is in force on every instance with the next call.

import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_LAST_USED_GRANULARITY_MS,
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiKeyItem,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKey,
  MAX_API_KEYS,
} from "@aacos/domain/api-keys";
import { fieldFailure } from "@aacos/domain/errors";
import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { apiKeys } from "../../db/schema.js";
import { AppError, notFound, validationFailed } from "../../platform/errors.js";
import type { AuditContext, AuditService } from "../audit/index.js";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** What a presented key turned out to be. */
export type ResolvedApiKey =
  | { kind: "valid"; id: string; userId: string; scopes: ApiKeyScope[]; expiresAt: Date | null }
  | { kind: "invalid" | "revoked" | "expired" };

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

const toScopes = (values: string[]): ApiKeyScope[] =>
  values.filter((value): value is ApiKeyScope => ["read", "write", "ai"].includes(value));

export function createApiKeyService(deps: { db: Db; clock: () => Date; audit: AuditService }) {
  const { db, clock, audit } = deps;

  return {
    async create(
      context: AuditContext & { actorId: string },
      body: CreateApiKeyBody,
    ): Promise<CreatedApiKey> {
      const now = clock();
      const expiresAt =
        body.expiresAt === undefined || body.expiresAt === null ? null : new Date(body.expiresAt);
      if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
        throw validationFailed({
          expiresAt: fieldFailure(API_KEY_MESSAGES.expiryInPast, "expiry_in_past"),
        });
      }
      const [live] = await db
        .select({ total: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, context.actorId), isNull(apiKeys.revokedAt)));
      if ((live?.total ?? 0) >= MAX_API_KEYS) {
        throw new AppError("too_many_api_keys", 409, API_KEY_MESSAGES.tooMany, {
          params: { max: MAX_API_KEYS },
        });
      }
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          userId: context.actorId,
          name: body.name,
          scopes: [...new Set(body.scopes)],
          keyHash: hashApiKey(key),
          prefix: key.slice(0, API_KEY_PREFIX.length + 4),
          last4: key.slice(-4),
          createdAt: now,
          expiresAt,
        })
        .returning({ id: apiKeys.id });
      if (row === undefined) throw new Error("API key not stored");
      await audit.record(context, "api_key.created", row.id, {
        name: body.name,
        scopes: body.scopes,
        expiresAt: expiresAt?.toISOString() ?? null,
      });
      return { id: row.id, key };
    },

    /** The user's keys that are not revoked (expired ones too, so the owner sees why a script stopped), newest first. */
    async list(userId: string): Promise<ApiKeyItem[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        scopes: toScopes(row.scopes),
        prefix: row.prefix,
        last4: row.last4,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** Revokes one of the user's keys at once; 404 for anyone else's, an unknown or an already revoked key. */
    async revoke(context: AuditContext & { actorId: string }, id: string): Promise<void> {
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: clock() })
        .where(
          and(eq(apiKeys.id, id), eq(apiKeys.userId, context.actorId), isNull(apiKeys.revokedAt)),
        )
        .returning({ id: apiKeys.id, name: apiKeys.name });
      const row = revoked[0];
      if (row === undefined) throw notFound("api_key", "API key not found");
      await audit.record(context, "api_key.revoked", row.id, { name: row.name });
    },

    /** The key behind a bearer value; notes the use at most once a minute (not a write on every call). */
    async resolve(presented: string): Promise<ResolvedApiKey> {
      if (!API_KEY_PATTERN.test(presented)) return { kind: "invalid" };
      const [row] = await db
        .select({
          id: apiKeys.id,
          userId: apiKeys.userId,
          scopes: apiKeys.scopes,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
          lastUsedAt: apiKeys.lastUsedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hashApiKey(presented)));
      if (row === undefined) return { kind: "invalid" };
      if (row.revokedAt !== null) return { kind: "revoked" };
      const now = clock();
      if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) {
        return { kind: "expired" };
      }
      const stale = new Date(now.getTime() - API_KEY_LAST_USED_GRANULARITY_MS);
      if (row.lastUsedAt === null || row.lastUsedAt.getTime() <= stale.getTime()) {
        // Conditional, so instances racing on one key write once.
        await db
          .update(apiKeys)
          .set({ lastUsedAt: now })
          .where(
            and(
              eq(apiKeys.id, row.id),
              or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale)),
            ),
          );
      }
      return {
        kind: "valid",
        id: row.id,
        userId: row.userId,
        scopes: toScopes(row.scopes),
        expiresAt: row.expiresAt,
      };
    },
  };
}
