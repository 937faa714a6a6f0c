// What the audit log recorded about one target, read by an admin through the API (GET /api/admin/audit).
import type { FastifyInstance } from "fastify";
import type { SignedInUser } from "./factories.js";
import { request } from "./helper.js";

/** The actions of the newest 100 audit entries whose target is `targetId`, newest first. */
export async function auditActionsOn(
  app: FastifyInstance,
  admin: SignedInUser,
  targetId: string,
): Promise<string[]> {
  const audit = await request(app, admin, "GET", "/api/admin/audit?pageSize=100");
  return (audit.json().items as { action: string; targetId: string }[])
    .filter((item) => item.targetId === targetId)
    .map((item) => item.action);
}
