// The settings screen's checks: how mail and AI are configured, a test mail through the real mailer and one tiny
// completion through the configured provider (or the plain statement that the offline retrieval provider answers).
import type { AiStatus, CheckCode, CheckResult, SmtpStatus } from "@aacos/domain/replies";
import type { AiConfig } from "../../config.js";
import { type AiProvider, createOpenAiCompatibleProvider } from "../ai/index.js";
import type { Mailer } from "../mail/index.js";

export type { AiStatus, CheckCode, CheckResult, SmtpStatus };

export const CHECK_MESSAGES = {
  mailSent: (to: string) => `Test mail sent to ${to}`,
  mailKept: (to: string) =>
    `No SMTP server is configured: the test mail to ${to} was kept in the outbox`,
  mailFailed: (reason: string) => `The SMTP server refused the test mail: ${reason}`,
  offline: "offline retrieval provider: no language model is configured (AI_BASE_URL unset)",
  aiAnswered: (model: string, ms: number) => `${model} answered in ${ms} ms`,
  aiFailed: (reason: string) => `The language model did not answer: ${reason}`,
} as const satisfies Record<CheckCode, unknown>;

export interface SettingsChecks {
  smtpStatus(): SmtpStatus;
  aiStatus(): AiStatus;
  testSmtp(to: string): Promise<CheckResult>;
  testAi(): Promise<CheckResult>;
}

function serverOf(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    const parsed = new URL(url);
    return parsed.port === "" ? parsed.hostname : `${parsed.hostname}:${parsed.port}`;
  } catch {
    return null;
  }
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}

/** A check that threw: the failure's code, message and (shortened) reason. */
function failedCheck(code: "mailFailed" | "aiFailed", error: unknown): CheckResult {
  const reason = reasonOf(error);
  return { ok: false, code, message: CHECK_MESSAGES[code](reason), values: { reason } };
}

export function createSettingsChecks(deps: {
  mailer: Mailer;
  smtpUrl: string | undefined;
  mailFrom: string;
  ai: AiConfig | null;
  /** Tests may pass their own provider; by default the configured OpenAI-compatible one. */
  provider?: AiProvider;
}): SettingsChecks {
  const { mailer, ai } = deps;
  return {
    smtpStatus: () => ({
      configured: deps.smtpUrl !== undefined,
      server: serverOf(deps.smtpUrl),
      from: deps.mailFrom,
    }),
    aiStatus: () =>
      ai === null
        ? { provider: "retrieval", model: null, server: null }
        : { provider: "openai-compatible", model: ai.model, server: serverOf(ai.baseUrl) },

    async testSmtp(to): Promise<CheckResult> {
      try {
        await mailer.send({
          to,
          subject: "AACOS test mail",
          text: "This is a test mail from AACOS admin settings. Mail delivery works.",
        });
      } catch (error) {
        return failedCheck("mailFailed", error);
      }
      const code = deps.smtpUrl === undefined ? "mailKept" : "mailSent";
      return { ok: true, code, message: CHECK_MESSAGES[code](to), values: { to } };
    },

    async testAi(): Promise<CheckResult> {
      if (ai === null) return { ok: true, code: "offline", message: CHECK_MESSAGES.offline };
      const provider =
        deps.provider ?? createOpenAiCompatibleProvider({ baseUrl: ai.baseUrl, apiKey: ai.apiKey });
      const started = performance.now();
      let reply = "";
      try {
        for await (const chunk of provider.stream({
          model: ai.model,
          turns: [{ role: "user", content: "Reply with the single word OK." }],
          temperature: 0,
          entityId: "admin-settings-check",
          signal: AbortSignal.timeout(20_000),
        })) {
          if (chunk.type === "delta") reply += chunk.text;
          if (reply.length > 200) break;
        }
      } catch (error) {
        return failedCheck("aiFailed", error);
      }
      const elapsed = Math.round(performance.now() - started);
      return {
        ok: true,
        code: "aiAnswered",
        message: CHECK_MESSAGES.aiAnswered(ai.model, elapsed),
        values: { model: ai.model, ms: elapsed },
        detail: reply.trim().slice(0, 200),
      };
    },
  };
}
