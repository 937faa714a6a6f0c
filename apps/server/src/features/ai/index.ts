// Public API of the AI feature: the provider interface and its two implementations, the gateway service the chat and
// command centre share, server-sent events, and GET /api/ai/allowance.
export type { AllowanceState } from "./allowance.js";
export { AnswerInterrupt, type Usage } from "./answer.js";
export { hangUpSignal, streamAnswer } from "./answer-delivery.js";
export { providerFromConfig } from "./configure.js";
export type {
  AnsweringEntity,
  EntityBeside,
  EntityDirectory,
  EntityRefusal,
  KnowledgePassage,
} from "./knowledge.js";
export type { ModelCatalog, OfferedModel } from "./models.js";
export { createOpenAiCompatibleProvider } from "./openai-compatible.js";
export type { AiChunk, AiProvider, AiRequest, ChatTurn, ProviderName } from "./provider.js";
export { ProviderError } from "./provider.js";
export { createRetrievalProvider, retrievalAnswer } from "./retrieval.js";
export { aiRoutes, planOf } from "./routes.js";
export { runOutcomeView } from "./run-view.js";
export type { AiService, Plan, RecordedAnswer } from "./service.js";
export { ANSWER_LEASE_MS, createAiService } from "./service.js";
export { type EventStream, openEventStream, wantsEventStream } from "./sse.js";
export { estimatePromptTokens, estimateTokens } from "./tokens.js";
