// Suspicious activity: events and incidents the browser reports, and the server's own request-burst check
// (docs/product.md §9: more than 50 requests from one client in 30 s is flagged; the check runs every 30 s).
import { SUSPICIOUS_ACTIVITY, scrubSecrets } from "@aacos/domain/validation";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { securityEvents, securityIncidents } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";
import type { WindowCounter } from "../../platform/rate-limit.js";

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type SecurityIncidentRow = typeof securityIncidents.$inferSelect;

export const BURST_ACTIVITY = "request-burst";
/** Burst flags older than this are not turned into incidents any more (a server that was down for long). */
const FLAG_LOOKBACK_MS = 10 * 60_000;
const LATEST = 100;
/**
 * On Redis, a request's counts wait here at most this long and go out with every other request's of the moment, so no
 * request waits for Redis (docs/decisions/393-redis-auto-pipelining.md); the check sends them first.
 */
export const COUNTS_SENT_WITHIN_MS = 100;

export interface Caller {
  ip: string | null;
  userId: string | null;
}

export interface SecurityReport {
  activity: string;
  count: number;
  data?: Record<string, unknown>;
}

export function securityEventView(row: SecurityEventRow) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function securityIncidentView(row: SecurityIncidentRow) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export function createSecurityService(deps: {
  db: Db;
  clock: () => Date;
  /** Requests per client in the 30 s window; Redis-backed when configured, so shared by every instance. */
  requests: WindowCounter;
  log: FastifyBaseLogger;
}) {
  const { db, clock, requests, log } = deps;

  /**
   * The request (on Redis: the batch of counts) that takes a client past the threshold leaves one "request-burst"
   * event: the counter is atomic, so exactly one addition per window spans threshold + 1, whichever instance makes
   * it. The check turns those events into incidents; keeping the flags in the database lets whichever instance runs
   * the check see them all.
   */
  async function flagBurst(key: string, caller: Caller, count: number) {
    await db.insert(securityEvents).values({
      kind: "server",
      activity: BURST_ACTIVITY,
      ip: caller.ip,
      userId: caller.userId,
      count,
      data: { key, windowSeconds: SUSPICIOUS_ACTIVITY.windowSeconds },
      createdAt: clock(),
    });
  }

  /** The columns a browser's report fills, alike in events and incidents (secrets scrubbed from its data). */
  function clientReportRow(report: SecurityReport, caller: Caller) {
    return {
      activity: report.activity,
      count: report.count,
      data: scrubSecrets(report.data ?? {}),
      ip: caller.ip,
      userId: caller.userId,
      createdAt: clock(),
    };
  }

  /** Counts not yet added to the shared (Redis) counter: per key, how many and the latest caller. */
  let unsent = new Map<string, { amount: number; caller: Caller }>();
  let sending: ReturnType<typeof setTimeout> | null = null;
  /** Sends under way: a timer's may still be adding or flagging when the check sends, and the check must see its flags. */
  const inFlight = new Set<Promise<void>>();

  /**
   * Adds the waiting counts to the shared counter and flags each key they took past the threshold; settles once every
   * send begun before it has settled too.
   */
  async function sendCounts(): Promise<void> {
    if (sending !== null) clearTimeout(sending);
    sending = null;
    const earlier = [...inFlight];
    const batch = unsent;
    unsent = new Map();
    const send = addAndFlag(batch);
    inFlight.add(send);
    const settled = () => inFlight.delete(send);
    send.then(settled, settled);
    // An earlier send's failure is its own caller's to report.
    await Promise.allSettled(earlier);
    await send;
  }

  async function addAndFlag(batch: ReadonlyMap<string, { amount: number; caller: Caller }>) {
    await Promise.all(
      [...batch].map(async ([key, { amount, caller }]) => {
        const { count } = await requests.add(key, amount);
        if (
          count - amount <= SUSPICIOUS_ACTIVITY.threshold &&
          count > SUSPICIOUS_ACTIVITY.threshold
        )
          await flagBurst(key, caller, count);
      }),
    );
  }

  /**
   * `observeRequest` for the request path: null when it leaves nothing to wait for (counted at once in process, or
   * queued for Redis), else the flag being written.
   */
  function countRequest(caller: Caller): Promise<void> | null {
    const keys: string[] = [];
    if (caller.ip !== null) keys.push(`ip:${caller.ip}`);
    if (caller.userId !== null) keys.push(`user:${caller.userId}`);
    const counted = requests.addEachNow(keys);
    if (counted !== null) return flagCrossings(keys, counted, caller);
    for (const key of keys) unsent.set(key, { amount: (unsent.get(key)?.amount ?? 0) + 1, caller });
    if (sending === null) {
      sending = setTimeout(() => {
        sendCounts().catch((error: unknown) => log.warn({ err: error }, "request counts not sent"));
      }, COUNTS_SENT_WITHIN_MS);
      // A stopping server sends what waits itself (the burst plugin's onClose).
      sending.unref();
    }
    return null;
  }

  /** Flags each key whose count just went past the threshold; null when none did (the usual case). */
  function flagCrossings(
    keys: readonly string[],
    counts: readonly { count: number }[],
    caller: Caller,
  ): Promise<void> | null {
    let flags: Promise<void>[] | null = null;
    for (let index = 0; index < keys.length; index += 1) {
      const count = counts[index]?.count ?? 0;
      const key = keys[index];
      if (key !== undefined && count === SUSPICIOUS_ACTIVITY.threshold + 1) {
        flags ??= [];
        flags.push(flagBurst(key, caller, count));
      }
    }
    return flags === null ? null : Promise.all(flags).then(() => {});
  }

  return {
    /** Counts one API request by address and, when signed in, by user. */
    async observeRequest(caller: Caller): Promise<void> {
      await countRequest(caller);
    },

    countRequest,

    /** Sends this instance's waiting counts (the check does first, and a stopping server). */
    sendCounts,

    /**
     * The 30 s check: one incident per client flagged since the last check (events of one user, or of one address
     * without a user, become one incident). Flags already covered by an incident are skipped, so running it twice
     * (or on two instances) raises nothing twice.
     */
    async checkBursts(): Promise<{ incidents: number }> {
      await sendCounts();
      const since = new Date(clock().getTime() - FLAG_LOOKBACK_MS);
      const flags = await db
        .select()
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.kind, "server"),
            eq(securityEvents.activity, BURST_ACTIVITY),
            gte(securityEvents.createdAt, since),
            sql`not exists (select 1 from ${securityIncidents} where ${securityIncidents.source} = 'server'
              and ${securityIncidents.data} -> 'eventIds' @> to_jsonb(${securityEvents.id}))`,
          ),
        )
        .orderBy(securityEvents.id);
      const byClient = new Map<string, SecurityEventRow[]>();
      for (const flag of flags) {
        const client = flag.userId !== null ? `user:${flag.userId}` : `ip:${flag.ip}`;
        byClient.set(client, [...(byClient.get(client) ?? []), flag]);
      }
      for (const [client, events] of byClient) {
        const first = events[0];
        if (first === undefined) continue;
        const current = await Promise.all(
          events.map(async (event) => {
            const key = typeof event.data === "object" && event.data !== null ? event.data : {};
            const name = "key" in key && typeof key.key === "string" ? key.key : client;
            return (await requests.read(name)).count;
          }),
        );
        const count = Math.max(...events.map((event) => event.count), ...current);
        await db.insert(securityIncidents).values({
          source: "server",
          activity: BURST_ACTIVITY,
          ip: first.ip,
          userId: first.userId,
          count,
          data: {
            client,
            eventIds: events.map((event) => event.id),
            threshold: SUSPICIOUS_ACTIVITY.threshold,
            windowSeconds: SUSPICIOUS_ACTIVITY.windowSeconds,
          },
          createdAt: clock(),
        });
        log.warn({ client, count }, "suspicious activity: request burst");
      }
      return { incidents: byClient.size };
    },

    async recordEvent(report: SecurityReport, caller: Caller): Promise<void> {
      await db
        .insert(securityEvents)
        .values({ kind: "client", ...clientReportRow(report, caller) });
    },

    async recordIncident(report: SecurityReport, caller: Caller): Promise<void> {
      await db
        .insert(securityIncidents)
        .values({ source: "client", ...clientReportRow(report, caller) });
    },

    /** The admin view: the latest 100 events and the latest 100 incidents, newest first. */
    async overview() {
      const [events, incidents] = await Promise.all([
        db.select().from(securityEvents).orderBy(desc(securityEvents.id)).limit(LATEST),
        db
          .select()
          .from(securityIncidents)
          .orderBy(desc(securityIncidents.createdAt), desc(securityIncidents.id))
          .limit(LATEST),
      ]);
      return { events, incidents };
    },

    async resolveIncident(id: string): Promise<SecurityIncidentRow> {
      const [updated] = await db
        .update(securityIncidents)
        .set({ status: "resolved", resolvedAt: clock() })
        .where(and(eq(securityIncidents.id, id), eq(securityIncidents.status, "open")))
        .returning();
      if (updated !== undefined) return updated;
      const [existing] = await db
        .select()
        .from(securityIncidents)
        .where(eq(securityIncidents.id, id));
      if (existing === undefined) throw notFound("incident", "No such incident");
      return existing;
    },
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
