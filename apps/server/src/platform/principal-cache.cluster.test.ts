// The principal cache on two instances sharing PostgreSQL and Redis (docs/decisions/210-principal-cache.md): each
// keeps a verified caller for up to a second, yet a suspension, a sign-out everywhere or a role change made on one
// instance holds on the other within a second, told through the realtime bus.
import { beforeAll, describe, expect, it } from "vitest";
import { useTwoInstances, within1s } from "../test/cluster.js";
import { createUser, type SignedInUser } from "../test/factories.js";
import { request } from "../test/helper.js";

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  "the principal cache on two instances",
  () => {
    const instances = useTwoInstances();
    let admin: SignedInUser;
    beforeAll(async () => {
      admin = await createUser(instances.first, { roles: ["admin"] });
    });

    const profile = (user: SignedInUser) =>
      request(instances.second, user, "GET", "/api/users/profile");
    const adminAction = (url: string) => request(instances.first, admin, "POST", url);

    it("refuses a user suspended on the other instance within a second", async () => {
      const user = await createUser(instances.first);
      // Kept on the second instance by these calls.
      expect((await profile(user)).statusCode).toBe(200);
      expect((await profile(user)).statusCode).toBe(200);
      expect((await adminAction(`/api/users/${user.id}/suspend`)).statusCode).toBe(200);
      const { response, elapsedMs } = await within1s(() => profile(user), 403);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("account_suspended");
      expect(elapsedMs).toBeLessThan(1000);
    });

    it("ends every session signed out everywhere on the other instance within a second", async () => {
      const user = await createUser(instances.first);
      expect((await profile(user)).statusCode).toBe(200);
      expect((await adminAction(`/api/users/${user.id}/sign-out-everywhere`)).statusCode).toBe(200);
      const { response, elapsedMs } = await within1s(() => profile(user), 401);
      expect(response.statusCode).toBe(401);
      expect(elapsedMs).toBeLessThan(1000);
    });

    it("shows a changed role on the other instance within a second", async () => {
      const { first, second } = instances;
      const user = await createUser(first);
      const permissions = () => request(second, user, "GET", "/api/auth/permissions");
      expect((await permissions()).json().roles).toEqual(["user"]);
      const changed = await request(first, admin, "PUT", `/api/users/${user.id}`, {
        roles: ["user", "analyst"],
      });
      expect(changed.statusCode).toBe(200);
      const started = performance.now();
      let roles: string[] = [];
      while (performance.now() - started < 1000) {
        roles = (await permissions()).json().roles;
        if (roles.includes("analyst")) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(roles).toContain("analyst");
      expect(performance.now() - started).toBeLessThan(1000);
    });
  },
);
