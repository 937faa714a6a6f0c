// Plan requests (docs/decisions/177-plan-requests.md): a custom-priced plan ("Contact us"), or any plan while admins
// have turned self-service plan changes off ("Ask your admin"). The request mails every admin and waits in the
// admin console, where an admin grants it (the plan changes at once, as any admin change) or declines it.
import {
  BILLING_MESSAGES,
  type PlanKind,
  type PlanRequest,
  type PlanRequestBody,
  PlanRequestBody as PlanRequestSchema,
} from "@aacos/domain/billing";
import { type TierName, toTierName, toWorldName, type WorldName } from "@aacos/domain/catalog";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { planRequests, users } from "../../db/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { Mailer } from "../mail/index.js";
import type { PlanService } from "./service.js";

export function createPlanRequestService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  mailer: Mailer;
  plans: PlanService;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, clock, audit } = deps;

  function view(
    row: typeof planRequests.$inferSelect,
    user: { email: string; username: string },
  ): PlanRequest {
    const kind: PlanKind = row.kind === "world" ? "world" : "tier";
    return {
      id: row.id,
      userId: row.userId,
      email: user.email,
      username: user.username,
      kind,
      plan: kind === "world" ? toWorldName(row.plan) : toTierName(row.plan),
      reason: row.reason === "ask" ? "ask" : "contact",
      message: row.message,
      status: row.status === "granted" || row.status === "declined" ? row.status : "open",
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  async function decide(id: string, status: "granted" | "declined", context: AuditContext) {
    const [row] = await db.select().from(planRequests).where(eq(planRequests.id, id));
    if (row === undefined) throw notFound("request", "No such request");
    if (row.status !== "open") throw conflict("request_closed", BILLING_MESSAGES.requestClosed);
    if (status === "granted" && context.actorId !== null) {
      await deps.plans.setByAdmin(
        row.userId,
        row.kind === "world"
          ? { world: toWorldName(row.plan) as WorldName }
          : { tier: toTierName(row.plan) as TierName },
        context.actorId,
      );
    }
    const [updated] = await db
      .update(planRequests)
      .set({ status, decidedBy: context.actorId, decidedAt: clock() })
      .where(and(eq(planRequests.id, id), eq(planRequests.status, "open")))
      .returning();
    if (updated === undefined) throw conflict("request_closed", BILLING_MESSAGES.requestClosed);
    await audit.record(
      context,
      status === "granted" ? "plan.request_granted" : "plan.request_declined",
      row.userId,
      { requestId: id, kind: row.kind, plan: row.plan },
    );
    return updated;
  }

  return {
    async create(userId: string, input: PlanRequestBody, context: AuditContext) {
      const body = PlanRequestSchema.parse(input);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (user === undefined) throw notFound("user", "No such user");
      const [open] = await db
        .select({ id: planRequests.id })
        .from(planRequests)
        .where(
          and(
            eq(planRequests.userId, userId),
            eq(planRequests.kind, body.kind),
            eq(planRequests.plan, body.plan),
            eq(planRequests.status, "open"),
          ),
        );
      if (open !== undefined) throw conflict("request_exists", BILLING_MESSAGES.requestExists);
      const [row] = await db
        .insert(planRequests)
        .values({
          userId,
          kind: body.kind,
          plan: body.plan,
          reason: body.reason,
          message: body.message === "" ? null : (body.message ?? null),
          createdAt: clock(),
        })
        .returning();
      if (row === undefined) throw new Error("plan request not stored");
      await audit.record(context, "plan.requested", userId, { kind: body.kind, plan: body.plan });
      const admins = await db
        .select({ email: users.email })
        .from(users)
        .where(and(sql`'admin' = any(${users.roles})`, isNull(users.suspendedAt)));
      for (const admin of admins) {
        await deps.mailer.queue({
          to: admin.email,
          subject: `AACOS: ${user.username} asks for the ${body.plan} ${body.kind}`,
          text: [
            `${user.username} <${user.email}> asks for the ${body.plan} ${body.kind}.`,
            body.message ? `\nTheir message:\n${body.message}\n` : "",
            `Grant or decline it in the admin console: ${deps.publicUrl}/admin/plan-requests`,
          ].join("\n"),
        });
      }
      return view(row, user);
    },

    async list(status?: "open" | "granted" | "declined"): Promise<PlanRequest[]> {
      const rows = await db
        .select({ request: planRequests, email: users.email, username: users.username })
        .from(planRequests)
        .innerJoin(users, eq(users.id, planRequests.userId))
        .where(status === undefined ? undefined : eq(planRequests.status, status))
        .orderBy(desc(planRequests.createdAt))
        .limit(200);
      return rows.map((row) => view(row.request, row));
    },

    /** The user's own open requests (the tier chooser marks them "Requested"). */
    async mine(userId: string): Promise<PlanRequest[]> {
      const rows = await db
        .select({ request: planRequests, email: users.email, username: users.username })
        .from(planRequests)
        .innerJoin(users, eq(users.id, planRequests.userId))
        .where(and(eq(planRequests.userId, userId), eq(planRequests.status, "open")));
      return rows.map((row) => view(row.request, row));
    },

    grant: (id: string, context: AuditContext) => decide(id, "granted", context),
    decline: (id: string, context: AuditContext) => decide(id, "declined", context),
  };
}
export type PlanRequestService = ReturnType<typeof createPlanRequestService>;
