// The audit log: who did what, when and from where. Append-only; admins read it.
import { count, desc } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fetchPage } from "../../db/paging.js";
import { auditLog } from "../../db/schema.js";

export type AuditAction =
  | "auth.register"
  | "auth.login"
  | "auth.login_failed"
  | "auth.logout"
  | "auth.refresh_reuse"
  | "auth.password_changed"
  | "auth.password_reset"
  | "auth.mfa_enabled"
  | "auth.mfa_disabled"
  | "auth.passkey_added"
  | "auth.passkey_removed"
  | "auth.oauth_linked"
  | "auth.sessions_revoked"
  | "user.roles_changed"
  | "user.plan_changed"
  | "user.deleted"
  | "entity.paused"
  | "entity.resumed"
  | "entity.stopped"
  | "entity.model_changed"
  | "user.suspended"
  | "user.reactivated"
  | "user.signed_out_everywhere"
  | "admin.audit_exported"
  | "api_key.created"
  | "api_key.revoked"
  | "admin.error_resolved"
  | "admin.incident_resolved"
  | "admin.dead_letter_retried"
  | "admin.dead_letter_dropped"
  | "autonomous.rule_created"
  | "autonomous.rule_updated"
  | "autonomous.rule_deleted"
  | "autonomous.rule_enabled"
  | "autonomous.rule_disabled"
  | "autonomous.rule_run"
  | "autonomous.kill_switch"
  | "admin.bootstrap"
  | "plan.requested"
  | "plan.request_granted"
  | "plan.request_declined"
  | "settings.changed"
  | "team.created"
  | "team.deleted"
  | "team.invite_sent"
  | "team.joined"
  | "team.member_removed"
  | "team.transferred"
  | "team.universe_shared"
  | "team.universe_unshared";

export interface AuditContext {
  actorId: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Stamps each row with `clock`, the one every service reads (the database's own clock is not the app's). */
export function createAuditService(db: Db, clock: () => Date = () => new Date()) {
  return {
    async record(
      context: AuditContext,
      action: AuditAction,
      targetId: string | null = null,
      data: Record<string, unknown> = {},
    ): Promise<void> {
      await db.insert(auditLog).values({
        actorId: context.actorId,
        action,
        targetId,
        ip: context.ip ?? null,
        userAgent: context.userAgent?.slice(0, 300) ?? null,
        data,
        createdAt: clock(),
      });
    },

    async list(page: number, pageSize: number) {
      return fetchPage(
        { page, pageSize },
        db.select().from(auditLog).orderBy(desc(auditLog.id)),
        db.select({ n: count() }).from(auditLog),
      );
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
