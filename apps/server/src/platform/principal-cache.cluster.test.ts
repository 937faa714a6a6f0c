// The principal cache on two instances sharing PostgreSQL and Redis (docs/decisions/210-principal-cache.md): each
// keeps a verified caller for up to a second, yet a suspension, a sign-out everywhere or a role change made on one
// instance holds on the other within a second, told through the realtime bus.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTwoInstances } from "../test/cluster.js";
import { createUser, request, type SignedInUser } from "../test/factories.js";

/** Polls `read` on the other instance until it answers `status` (at most 1 s); answers the time it took. */
async function within1s<R extends { statusCode: number }>(read: () => Promise<R>, status: number) {
  const started = performance.now();
  for (;;) {
    const response = await read();
    const elapsedMs = performance.now() - started;
    if (response.statusCode === status || elapsedMs >= 1000) return { response, elapsedMs };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  "the principal cache on two instances",
  () => {
    let cluster: Awaited<ReturnType<typeof buildTwoInstances>>;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let admin: SignedInUser;

    beforeAll(async () => {
      cluster = await buildTwoInstances();
      [first, second] = cluster.apps;
      admin = await createUser(first, { roles: ["admin"] });
    });
    afterAll(() => cluster?.close());

    const profile = (user: SignedInUser) =>
      second.inject({ method: "GET", url: "/api/users/profile", headers: user.auth });
    const adminAction = (url: string) => first.inject({ method: "POST", url, headers: admin.auth });

    it("refuses a user suspended on the other instance within a second", async () => {
      const user = await createUser(first);
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
      const user = await createUser(first);
      expect((await profile(user)).statusCode).toBe(200);
      expect((await adminAction(`/api/users/${user.id}/sign-out-everywhere`)).statusCode).toBe(200);
      const { response, elapsedMs } = await within1s(() => profile(user), 401);
      expect(response.statusCode).toBe(401);
      expect(elapsedMs).toBeLessThan(1000);
    });

    it("shows a changed role on the other instance within a second", async () => {
      const user = await createUser(first);
      const permissions = () =>
        second.inject({ method: "GET", url: "/api/auth/permissions", headers: user.auth });
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
