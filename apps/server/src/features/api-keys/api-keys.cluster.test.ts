// Personal API keys on two instances sharing PostgreSQL and Redis: a key revoked on one is refused on the other
// within a second (each instance keeps a resolved key briefly and forgets it when told through the realtime bus,
// docs/decisions/210-principal-cache.md).
import { describe, expect, it } from "vitest";
import { useTwoInstances, within1s } from "../../test/cluster.js";
import { createApiKey, createUser } from "../../test/factories.js";
import { request } from "../../test/helper.js";

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  "API keys on two instances",
  () => {
    const instances = useTwoInstances();

    it("stops a key revoked on one instance on the other at once", async () => {
      const { first, second } = instances;
      const user = await createUser(first);
      const apiKey = await createApiKey(first, user, { scopes: ["read"] });
      const profile = () => request(second, apiKey, "GET", "/api/users/profile");
      expect((await profile()).statusCode).toBe(200);
      // Both instances count one plan budget.
      expect((await request(first, user, "GET", "/api/usage/me")).json().counts.minute).toBe(1);

      const revoked = await request(first, user, "DELETE", `/api/me/api-keys/${apiKey.id}`);
      expect(revoked.statusCode).toBe(204);
      const { response: after, elapsedMs } = await within1s(profile, 401);
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe("api_key_revoked");
      // The brief's bound (1 s).
      expect(elapsedMs).toBeLessThan(1000);
    });
  },
);
