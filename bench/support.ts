// What several benches need: an account on a chosen plan and world (infinity by default: no caps on calls or
// connections), with a personal API key, whose calls are plan calls rather than the general 100 a minute.
import type { ApiKeyScope } from "@aacos/domain/api-keys";
import type { TierName } from "@aacos/domain/catalog";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../apps/server/src/db/client.js";
import { users } from "../apps/server/src/db/schema.js";

export async function benchAccount(
  app: FastifyInstance,
  database: Database,
  options: { name?: string; tier?: TierName; scopes?: ApiKeyScope[] } = {},
) {
  const name = options.name ?? "bench";
  const tier = options.tier ?? "infinity";
  const user = await app.services.accounts.createUser({
    email: `${name}@example.com`,
    username: name,
    password: "Zq7!wVx9Lk",
  });
  await database.db.update(users).set({ tier, world: tier }).where(eq(users.id, user.id));
  const { key } = await app.services.apiKeys.create(
    { actorId: user.id },
    { name: "bench", scopes: options.scopes ?? ["read", "write"] },
  );
  return { user, key };
}
