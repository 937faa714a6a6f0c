// The request-burst check on two instances sharing PostgreSQL and Redis (docs/decisions/393-redis-auto-pipelining.md):
// each instance sends its counts to the shared counter in the background, so a client spread over both is counted as
// one, and the burst is flagged once, by whichever batch takes it past the threshold.
import { SUSPICIOUS_ACTIVITY } from "@aacos/domain/validation";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { securityEvents } from "../../db/schema.js";
import { useTwoInstances } from "../../test/cluster.js";
import { someAddress } from "../../test/factories.js";
import { BURST_ACTIVITY } from "./index.js";

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  "the request-burst check on two instances",
  () => {
    const instances = useTwoInstances();
    const flagsOf = (address: string) =>
      instances.first.database.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.ip, address), eq(securityEvents.activity, BURST_ACTIVITY)));

    it("counts one client across both instances and flags its burst once", async () => {
      const { first, second } = instances;
      const address = someAddress();
      const hit = (app: typeof first) =>
        app.inject({ method: "GET", url: "/api/catalog", remoteAddress: address });
      // Neither instance alone sees more than the threshold; together they pass it.
      const half = Math.ceil((SUSPICIOUS_ACTIVITY.threshold + 2) / 2);
      for (let i = 0; i < half; i += 1) {
        await hit(first);
        await hit(second);
      }
      await Promise.all([
        first.services.security.sendCounts(),
        second.services.security.sendCounts(),
      ]);
      const flags = await flagsOf(address);
      expect(flags).toHaveLength(1);
      expect(flags[0]?.count).toBeGreaterThan(SUSPICIOUS_ACTIVITY.threshold);
      expect((await second.services.security.checkBursts()).incidents).toBe(1);
    });

    it("sees the flag of a send still under way when the check runs", async () => {
      const { first } = instances;
      const caller = { ip: someAddress(), userId: null };
      for (let i = 0; i <= SUSPICIOUS_ACTIVITY.threshold; i += 1)
        first.services.security.countRequest(caller);
      // The background send takes every waiting count; the check's own send then finds none to send.
      const background = first.services.security.sendCounts();
      expect((await first.services.security.checkBursts()).incidents).toBe(1);
      await background;
      expect(await flagsOf(caller.ip)).toHaveLength(1);
    });

    it("sends an instance's counts within a moment, with no check asking", async () => {
      const { first } = instances;
      const address = someAddress();
      for (let i = 0; i <= SUSPICIOUS_ACTIVITY.threshold; i += 1)
        await first.inject({ method: "GET", url: "/api/catalog", remoteAddress: address });
      const flagged = async () => (await flagsOf(address)).length;
      const started = performance.now();
      while ((await flagged()) === 0 && performance.now() - started < 2000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await flagged()).toBe(1);
    });
  },
);
