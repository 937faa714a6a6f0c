// Two-factor sign-in: TOTP setup and checks (a code is accepted once), one-time recovery codes, switching it off.
import { and, count, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Db } from "../../db/client.js";
import { authChallenges, mfaRecoveryCodes, mfaTotp } from "../../db/schema.js";
import { conflict } from "../../platform/errors.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import { hashPassword, verifyPassword } from "../auth/index.js";
import {
  generateRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
} from "./recovery-codes.js";

export const TOTP_ISSUER = "AACOS";
/** One 30-second step either side of now, for clocks that drift and codes typed at the turn of a step. */
const TOTP_TOLERANCE_SECONDS = 30;
/** A claimed step is remembered longer than the window in which its code is accepted. */
const STEP_MEMORY_MS = 3 * 60 * 1000;
const TOTP_STEP = "totp_step";

export type SecondFactor = "totp" | "recovery";

export interface MfaStatus {
  totp: { enabled: boolean };
  recoveryCodesLeft: number;
}

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  /** data: URL of a PNG QR code of otpauthUrl. */
  qrCode: string;
}

export function createMfaService(deps: { db: Db; clock: () => Date; audit: AuditService }) {
  const { db, clock, audit } = deps;

  async function totpRow(userId: string) {
    const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId));
    return row;
  }

  /** The highest time step of this user's recently accepted codes. */
  async function lastAcceptedStep(userId: string): Promise<number | undefined> {
    const rows = await db
      .select({ data: authChallenges.data })
      .from(authChallenges)
      .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, TOTP_STEP)));
    const steps = rows
      .map((row) => (row.data as { step?: unknown }).step)
      .filter((step): step is number => typeof step === "number");
    return steps.length > 0 ? Math.max(...steps) : undefined;
  }

  /**
   * Marks a time step used; false when another request claimed it first. The primary key makes this
   * atomic across requests and instances, so one code cannot open two sessions.
   */
  async function claimStep(userId: string, step: number): Promise<boolean> {
    const now = clock();
    await db
      .delete(authChallenges)
      .where(
        and(
          eq(authChallenges.userId, userId),
          eq(authChallenges.purpose, TOTP_STEP),
          lte(authChallenges.expiresAt, now),
        ),
      );
    const claimed = await db
      .insert(authChallenges)
      .values({
        id: `totp-step:${userId}:${step}`,
        purpose: TOTP_STEP,
        userId,
        data: { step },
        expiresAt: new Date(now.getTime() + STEP_MEMORY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: authChallenges.id });
    return claimed.length > 0;
  }

  async function checkTotp(userId: string, secret: string, code: string): Promise<boolean> {
    const token = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(token)) return false;
    const afterTimeStep = await lastAcceptedStep(userId);
    let result: Awaited<ReturnType<typeof verify>>;
    try {
      result = await verify({
        secret,
        token,
        epoch: Math.floor(clock().getTime() / 1000),
        epochTolerance: TOTP_TOLERANCE_SECONDS,
        // Codes of the last accepted step and older ones are refused (RFC 6238 §5.2).
        ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
      });
    } catch {
      // otplib refuses an afterTimeStep beyond the window (a clock set back): no code can pass now.
      return false;
    }
    if (!result.valid || !("timeStep" in result)) return false;
    return claimStep(userId, result.timeStep);
  }

  async function useRecoveryCode(userId: string, input: string): Promise<boolean> {
    const code = normalizeRecoveryCode(input);
    if (code === null) return false;
    const unused = await db
      .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    for (const row of unused) {
      if (!(await verifyPassword(row.codeHash, code))) continue;
      const spent = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: clock() })
        .where(and(eq(mfaRecoveryCodes.id, row.id), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return spent.length > 0;
    }
    return false;
  }

  return {
    async status(userId: string): Promise<MfaStatus> {
      const row = await totpRow(userId);
      const [left] = await db
        .select({ total: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      const enabled = row?.enabledAt != null;
      return { totp: { enabled }, recoveryCodesLeft: enabled ? (left?.total ?? 0) : 0 };
    },

    /** A new secret waiting for its first code; replaces an unconfirmed one, never an enabled one. */
    async startSetup(user: { id: string; email: string }): Promise<TotpSetup> {
      const secret = generateSecret();
      const stored = await db
        .insert(mfaTotp)
        .values({ userId: user.id, secret, enabledAt: null, createdAt: clock() })
        .onConflictDoUpdate({
          target: mfaTotp.userId,
          set: { secret, createdAt: clock() },
          setWhere: isNull(mfaTotp.enabledAt),
        })
        .returning({ userId: mfaTotp.userId });
      if (stored.length === 0) throw conflict("mfa_on", "Two-factor sign-in is already on");
      const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
      // qrcode is its own chunk, loaded with the first set-up (docs/decisions/204-start-up-lazy-modules.md).
      // A CommonJS package: bundled by esbuild, its exports arrive as the chunk's default export.
      const qrcode = await import("qrcode");
      const { toDataURL } =
        qrcode.toDataURL === undefined
          ? (qrcode as unknown as { default: typeof qrcode }).default
          : qrcode;
      const qrCode = await toDataURL(otpauthUrl, {
        errorCorrectionLevel: "M",
        margin: 2,
        width: 256,
      });
      return { secret, otpauthUrl, qrCode };
    },

    /**
     * Confirms the pending secret with a code from the app: "invalid" for a wrong code, otherwise the
     * recovery codes, in clear text this once (only their hashes are kept).
     */
    async enable(
      userId: string,
      code: string,
      context: AuditContext,
    ): Promise<{ kind: "enabled"; recoveryCodes: string[] } | { kind: "invalid" }> {
      const row = await totpRow(userId);
      if (row?.enabledAt != null) throw conflict("mfa_on", "Two-factor sign-in is already on");
      if (row === undefined) throw conflict("mfa_setup_first", "Start the two-factor setup first");
      if (!(await checkTotp(userId, row.secret, code))) return { kind: "invalid" };
      const turnedOn = await db
        .update(mfaTotp)
        .set({ enabledAt: clock() })
        .where(
          and(
            eq(mfaTotp.userId, userId),
            eq(mfaTotp.secret, row.secret),
            isNull(mfaTotp.enabledAt),
          ),
        )
        .returning({ userId: mfaTotp.userId });
      // A parallel request enabled it (or a new setup replaced the secret) in the meantime.
      if (turnedOn.length === 0)
        throw conflict("mfa_changed", "Two-factor sign-in changed meanwhile; start again");
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
      const hashes = await Promise.all(
        recoveryCodes.map((recoveryCode) => hashPassword(recoveryCode)),
      );
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
      await audit.record(context, "auth.mfa_enabled", userId);
      return { kind: "enabled", recoveryCodes };
    },

    /** Whether the code passes as this user's enabled second factor; a passing code is spent. */
    async check(userId: string, type: SecondFactor, code: string): Promise<boolean> {
      const row = await totpRow(userId);
      if (row?.enabledAt == null) return false;
      return type === "totp" ? checkTotp(userId, row.secret, code) : useRecoveryCode(userId, code);
    },

    async isEnabled(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: mfaTotp.userId })
        .from(mfaTotp)
        .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.enabledAt)));
      return row !== undefined;
    },

    /** Removes the secret and the recovery codes; the caller has checked a fresh code. */
    async disable(userId: string, context: AuditContext): Promise<void> {
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId));
      await audit.record(context, "auth.mfa_disabled", userId);
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
