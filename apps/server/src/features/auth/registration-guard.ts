// Registration with an address that already has an account (docs/decisions/156-registration-enumeration.md): the
// owner is told by mail, the asker gets one neutral answer, and an address gets few such answers a day.

import { fieldFailure } from "@aacos/domain/errors";
import { EMAIL_UNAVAILABLE_MESSAGE } from "@aacos/domain/validation";
import { conflict, tooManyRequests } from "../../platform/errors.js";
import type { RateDecision, RateLimiterFactory } from "../../platform/rate-limit.js";
import { localizedMail, type Mail, type Mailer } from "../mail/index.js";

export { EMAIL_UNAVAILABLE_MESSAGE };

/** Answers "address in use" an address may receive per day; then every registration from it waits. */
export const CONFLICTS_PER_ADDRESS = { points: 2, seconds: 24 * 3600 } as const;
/** The owner hears of attempts at most once a day. */
const OWNER_MAILS = { points: 1, seconds: 24 * 3600 } as const;

export function attemptMail(to: string, locale: string, publicUrl: string): Mail {
  const signIn = `${publicUrl}/auth/login`;
  const reset = `${publicUrl}/auth/forgot-password`;
  return localizedMail(to, locale, {
    en: {
      subject: "Someone tried to create an AACOS account with your address",
      lines: [
        "Someone tried to create a new AACOS account with this e-mail address, which already has one.",
        "",
        `If it was you, sign in here: ${signIn}`,
        `Forgot your password? Reset it here: ${reset}`,
        "",
        "If it was not you, ignore this mail: nothing has changed in your account.",
      ],
    },
    he: {
      subject: "מישהו ניסה לפתוח חשבון AACOS עם הכתובת שלך",
      lines: [
        "מישהו ניסה לפתוח חשבון AACOS חדש עם כתובת הדוא״ל הזו, שכבר יש לה חשבון.",
        "",
        `אם זה היית את/ה, אפשר להתחבר כאן: ${signIn}`,
        `שכחת את הסיסמה? אפשר לאפס אותה כאן: ${reset}`,
        "",
        "אם זה לא היית את/ה, אפשר להתעלם מהודעה זו: דבר לא השתנה בחשבון שלך.",
      ],
    },
  });
}

export function createRegistrationGuard(deps: {
  rateLimiters: RateLimiterFactory;
  mailer: Pick<Mailer, "queue">;
  publicUrl: string;
  log: { error(details: object, message: string): void };
}) {
  const conflictsByAddress = deps.rateLimiters("register-conflict-ip", CONFLICTS_PER_ADDRESS);
  const mailsByOwner = deps.rateLimiters("register-conflict-owner", OWNER_MAILS);
  const busy = (decision: RateDecision) =>
    tooManyRequests(
      `Too many registrations from this address. Try again in ${decision.retryAfterSeconds} seconds.`,
      { window: "registration", retryAfter: decision.retryAfterSeconds },
    );

  return {
    /** Before any registration: an address that used up its "in use" answers waits, whatever address it sends. */
    async admit(address: string): Promise<void> {
      const state = await conflictsByAddress.peek(address);
      if (state.remaining === 0) throw busy(state);
    },

    /**
     * The e-mail has an account: spends one of the address's answers, mails the owner (after the answer, at most
     * once a day) and gives the neutral refusal to throw.
     */
    async conflicted(
      address: string,
      owner: { email: string; locale: string } | undefined,
    ): Promise<Error> {
      await conflictsByAddress.consume(address);
      if (owner !== undefined && (await mailsByOwner.consume(owner.email)).allowed) {
        deps.mailer
          .queue(attemptMail(owner.email, owner.locale, deps.publicUrl))
          .catch((error: unknown) =>
            deps.log.error({ err: error }, "registration notice not queued"),
          );
      }
      return conflict("email_unavailable", EMAIL_UNAVAILABLE_MESSAGE, {
        email: fieldFailure(EMAIL_UNAVAILABLE_MESSAGE, "email_unavailable"),
      });
    },
  };
}
export type RegistrationGuard = ReturnType<typeof createRegistrationGuard>;
