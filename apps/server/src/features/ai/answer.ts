// One answer from a provider under the plan's processing-time cap: collects the text as it streams, and on stop,
// client disconnect, time-out, provider error or a dropped stream keeps what arrived and says how it ended.
import type { RunError } from "@aacos/domain/errors";
import { AI_MESSAGES, type AnswerStatus } from "@aacos/domain/validation";
import type { AiProvider, AiRequest } from "./provider.js";
import { ProviderError, type ProviderFailure } from "./provider.js";
import { estimatePromptTokens, estimateTokens } from "./tokens.js";

/** A provider's failure as the run error code stored with the answer. */
const PROVIDER_FAILURES = {
  network: "provider_unreachable",
  http: "provider_http",
  dropped: "provider_dropped",
  protocol: "provider_protocol",
} as const satisfies Record<ProviderFailure, RunError["code"]>;

export type InterruptKind = "stopped" | "disconnected" | "timeout";

/** The abort reason this feature uses, so an ending can be told from a failure. */
export class AnswerInterrupt extends Error {
  constructor(readonly kind: InterruptKind) {
    super(`answer interrupted: ${kind}`);
  }
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface AnswerOutcome {
  content: string;
  status: AnswerStatus;
  /** A sentence in English when the answer did not complete by itself. */
  error: string | null;
  /** The same as a code and params, what the browser shows (docs/decisions/245-stored-error-codes.md). */
  errorCode: RunError | null;
  usage: Usage;
  /** false: the provider sent no usage and the figures are estimates (tokens.ts). */
  usageReported: boolean;
  durationMs: number;
}

export async function runAnswer(options: {
  provider: AiProvider;
  request: Omit<AiRequest, "signal">;
  /** −1 or 0: no cap. */
  timeoutMs: number;
  /** Aborted with an AnswerInterrupt by stop or disconnect. */
  signal: AbortSignal;
  onDelta: (text: string) => void;
  log?: { warn: (object: object, message: string) => void };
}): Promise<AnswerOutcome> {
  const started = performance.now();
  const controller = new AbortController();
  const forward = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) forward();
  else options.signal.addEventListener("abort", forward, { once: true });
  const timer =
    options.timeoutMs > 0
      ? setTimeout(() => controller.abort(new AnswerInterrupt("timeout")), options.timeoutMs)
      : null;

  let content = "";
  let reported: Usage | null = null;
  let status: AnswerStatus = "complete";
  let error: string | null = null;
  let errorCode: RunError | null = null;
  try {
    for await (const chunk of options.provider.stream({
      ...options.request,
      signal: controller.signal,
    })) {
      if (controller.signal.aborted) break;
      if (chunk.type === "usage") {
        reported = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
        continue;
      }
      content += chunk.text;
      options.onDelta(chunk.text);
    }
  } catch (caught) {
    if (!controller.signal.aborted) {
      status = "failed";
      if (caught instanceof ProviderError) {
        error = caught.failure === "dropped" ? AI_MESSAGES.dropped : caught.message;
        errorCode = { code: PROVIDER_FAILURES[caught.failure], params: {} };
      } else {
        error = AI_MESSAGES.providerFailed;
        errorCode = { code: "provider_failed", params: {} };
      }
      options.log?.warn({ err: caught }, "AI provider failed");
    }
  } finally {
    if (timer !== null) clearTimeout(timer);
    options.signal.removeEventListener("abort", forward);
  }
  if (controller.signal.aborted) {
    const reason: unknown = controller.signal.reason;
    if (reason instanceof AnswerInterrupt && reason.kind === "timeout") {
      status = "failed";
      error = AI_MESSAGES.timedOut(options.timeoutMs);
      errorCode = { code: "timed_out", params: { ms: options.timeoutMs } };
    } else {
      status = "stopped";
      error = null;
      errorCode = null;
    }
  }
  return {
    content,
    status,
    error,
    errorCode,
    usage: reported ?? {
      promptTokens: estimatePromptTokens(options.request.turns),
      completionTokens: estimateTokens(content),
    },
    usageReported: reported !== null,
    durationMs: Math.round(performance.now() - started),
  };
}
