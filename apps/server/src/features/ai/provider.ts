// The one AI provider interface: an OpenAI-compatible model or the offline retrieval provider behind the same stream.

export type ProviderName = "openai-compatible" | "retrieval";

export interface ChatTurn {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface AiRequest {
  model: string;
  /** The whole prompt: system prompt, history, and the user's new message last. */
  turns: ChatTurn[];
  temperature: number;
  /** The entity answering; the retrieval provider searches its knowledge. */
  entityId: string;
  /** Aborted on stop, client disconnect or time-out; the provider must stop reading at once. */
  signal: AbortSignal;
}

export type AiChunk =
  | { type: "delta"; text: string }
  /** Counted by the provider itself; sent at most once, usually last. */
  | { type: "usage"; promptTokens: number; completionTokens: number };

export interface AiProvider {
  readonly name: ProviderName;
  /** Streams the answer; throws ProviderError on failure (what already arrived stays with the caller). */
  stream(request: AiRequest): AsyncIterable<AiChunk>;
}

export type ProviderFailure = "http" | "dropped" | "network" | "protocol";

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
