// Picks the provider from configuration: OpenAI-compatible when AI_BASE_URL is set, else the offline retrieval one.
import type { AiConfig } from "../../config.js";
import type { EntityDirectory } from "./knowledge.js";
import type { ModelCatalog } from "./models.js";
import { createOpenAiCompatibleProvider } from "./openai-compatible.js";
import type { AiProvider } from "./provider.js";
import { createRetrievalProvider } from "./retrieval.js";

export function providerFromConfig(
  ai: AiConfig | null,
  directory: Pick<EntityDirectory, "searchKnowledge">,
): { provider: AiProvider; models: ModelCatalog | null } {
  if (ai === null) {
    return {
      provider: createRetrievalProvider({
        search: (...args) => directory.searchKnowledge(...args),
      }),
      models: null,
    };
  }
  return {
    provider: createOpenAiCompatibleProvider({ baseUrl: ai.baseUrl, apiKey: ai.apiKey }),
    models: { defaultModel: ai.model, offered: ai.models },
  };
}
