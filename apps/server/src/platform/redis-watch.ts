// Logs Redis going away and coming back, once each: counters fall back to this process meanwhile.
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";

/** Logs once when Redis goes away (counters fall back to this process) and once when it is back. */
export function watchRedis(app: FastifyInstance, redis: Redis | null) {
  if (redis === null) return;
  let away = false;
  redis.on("error", (error: Error) => {
    if (away) return;
    away = true;
    app.log.error(
      { err: error },
      "Redis unavailable: rate limits and counters run in this process until it returns",
    );
  });
  redis.on("ready", () => {
    if (!away) return;
    away = false;
    app.log.info("Redis is back: rate limits and counters are shared again");
  });
}
