// Personal API keys on two instances sharing PostgreSQL and Redis: a key revoked on one is refused on the other
// within a second (each instance keeps a resolved key briefly and forgets it when told through the realtime bus,
// docs/decisions/210-principal-cache.md).
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTwoInstances } from "../../test/cluster.js";
import { createApiKey, createUser, request } from "../../test/factories.js";

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  "API keys on two instances",
  () => {
    let cluster: Awaited<ReturnType<typeof buildTwoInstances>>;
    let first: FastifyInstance;
    let second: FastifyInstance;

    beforeAll(async () => {
      cluster = await buildTwoInstances();
      [first, second] = cluster.apps;
    });
    afterAll(() => cluster?.close());

    it("stops a key revoked on one instance on the other at once", async () => {
      const user = await createUser(first);
      const apiKey = await createApiKey(first, user, { scopes: ["read"] });
      const profile = () =>
        second.inject({ method: "GET", url: "/api/users/profile", headers: apiKey.auth });
      expect((await profile()).statusCode).toBe(200);
      // Both instances count one plan budget.
      expect(
        (await first.inject({ method: "GET", url: "/api/usage/me", headers: user.auth })).json()
          .counts.minute,
      ).toBe(1);

      const revoked = await request(first, user, "DELETE", `/api/me/api-keys/${apiKey.id}`);
      expect(revoked.statusCode).toBe(204);
      const started = performance.now();
      let after = await profile();
      while (after.statusCode !== 401 && performance.now() - started < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        after = await profile();
      }
      const elapsedMs = performance.now() - started;
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe("api_key_revoked");
      // The brief's bound (1 s).
      expect(elapsedMs).toBeLessThan(1000);
    });
  },
);
