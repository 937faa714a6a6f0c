// Password reset by mail: a single-use link valid for an hour; no answer or timing tells whether an address has an account.

import { randomBytes } from "node:crypto";
import { AUTH_RATE_LIMITS } from "@aacos/domain/access";
import { fieldFailure } from "@aacos/domain/errors";
import { ResetPasswordBody, ResetPasswordConfirmBody } from "@aacos/domain/validation";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { emailTokens, users } from "../../db/schema.js";
import { tooManyRequests, validationFailed } from "../../platform/errors.js";
import type { RateLimiterFactory } from "../../platform/rate-limit.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import { localizedMail, type Mail, type Mailer } from "../mail/index.js";
import { passwordProblem } from "./passwords.js";
import { clientOf } from "./routes.js";
import type { AccountService } from "./service.js";
import { hashToken } from "./sessions.js";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_INVALID_MESSAGE = "This reset link is invalid or has expired";
const PURPOSE = "password_reset";

/** The mail in the account's language (Hebrew is the product's default). */
export function resetMail(to: string, locale: string, link: string): Mail {
  return localizedMail(to, locale, {
    en: {
      subject: "Reset your AACOS password",
      lines: [
        "Someone asked to reset the password of your AACOS account.",
        "",
        "To choose a new password, open this link within an hour:",
        link,
        "",
        "If it was not you, ignore this mail: your password stays as it is.",
      ],
    },
    he: {
      subject: "איפוס הסיסמה שלך ב-AACOS",
      lines: [
        "התקבלה בקשה לאפס את הסיסמה של חשבון ה-AACOS שלך.",
        "",
        "כדי לבחור סיסמה חדשה, יש לפתוח את הקישור הזה בתוך שעה:",
        link,
        "",
        "אם לא ביקשת זאת, אפשר להתעלם מהודעה זו: הסיסמה שלך לא תשתנה.",
      ],
    },
  });
}

export function createPasswordResetService(deps: {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  accounts: AccountService;
  audit: AuditService;
  publicUrl: string;
  log: { error(details: object, message: string): void };
  /**
   * Runs work after the answer (tests pass one that holds it). The default keeps the task so idle() can wait.
   */
  defer?: (task: () => Promise<void>) => void;
}) {
  const { db, clock, mailer, accounts, audit, publicUrl } = deps;
  const inFlight = new Set<Promise<void>>();
  const defer =
    deps.defer ??
    ((task: () => Promise<void>) => {
      const running = task()
        .catch((error: unknown) => deps.log.error({ err: error }, "password reset request failed"))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    });

  /** Looks the address up and, when it has an account, stores a token and queues the mail. */
  async function mailLinkIfKnown(email: string): Promise<void> {
    const address = email.trim().toLowerCase();
    const [user] = await db
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.email, address));
    if (user === undefined) return;
    const token = randomBytes(32).toString("base64url");
    await db.insert(emailTokens).values({
      tokenHash: hashToken(token),
      purpose: PURPOSE,
      userId: user.id,
      expiresAt: new Date(clock().getTime() + RESET_TOKEN_TTL_MS),
      createdAt: clock(),
    });
    const link = `${publicUrl}/auth/reset-password?token=${token}`;
    await mailer.queue(resetMail(user.email, user.locale, link));
  }

  return {
    /**
     * Mails a reset link when the address has an account; does nothing visible otherwise. Known and unknown
     * addresses cost the caller the same: nothing is looked up, stored or queued before the answer, all of it
     * happens afterwards, so no timing tells whether the address has an account.
     */
    request(email: string): void {
      defer(() => mailLinkIfKnown(email));
    },

    /** Waits for the requests still being handled after their answer (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...inFlight]);
    },

    /** Sets the new password and ends every session; the link (and any other outstanding one) stops working. */
    async confirm(token: string, password: string, context: AuditContext): Promise<void> {
      // Checked before the token is spent, so a refused password does not burn the link.
      const problem = await passwordProblem(password);
      if (problem !== null) throw validationFailed({ password: problem });
      const now = clock();
      const [claimed] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            eq(emailTokens.purpose, PURPOSE),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailTokens.userId });
      const userId = claimed?.userId ?? null;
      if (userId === null)
        throw validationFailed({
          token: fieldFailure(RESET_LINK_INVALID_MESSAGE, "link_invalid"),
        });
      await accounts.setPassword(userId, password);
      // Following the mailed link proves the address is theirs.
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, PURPOSE),
            isNull(emailTokens.usedAt),
          ),
        );
      await audit.record({ ...context, actorId: userId }, "auth.password_reset", userId);
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

export async function passwordResetRoutes(
  app: FastifyInstance,
  deps: { resets: PasswordResetService; rateLimiters: RateLimiterFactory },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byAddress = deps.rateLimiters("reset-ip", AUTH_RATE_LIMITS.resetPassword);
  const byAccount = deps.rateLimiters("reset-account", AUTH_RATE_LIMITS.resetPassword);

  api.post(
    "/api/auth/reset-password",
    { schema: { body: ResetPasswordBody } },
    async (request, reply) => {
      const accountKey = request.body.email.trim().toLowerCase();
      // Every request spends a point, known address or not, so the limit itself tells nothing.
      const decisions = await Promise.all([
        byAddress.consume(request.ip),
        byAccount.consume(accountKey),
      ]);
      for (const decision of decisions) {
        if (!decision.allowed) {
          throw tooManyRequests(
            `Too many reset requests. Try again in ${decision.retryAfterSeconds} seconds.`,
            { window: "password_reset", retryAfter: decision.retryAfterSeconds },
          );
        }
      }
      deps.resets.request(request.body.email);
      return reply.status(202).send({});
    },
  );

  api.post(
    "/api/auth/reset-password/confirm",
    { schema: { body: ResetPasswordConfirmBody } },
    async (request, reply) => {
      await deps.resets.confirm(request.body.token, request.body.password, clientOf(request));
      return reply.status(204).send();
    },
  );
}
