// The OpenAI-compatible chat-completions client (hosted APIs, Ollama, vLLM, llama.cpp, LM Studio): plain fetch,
// `stream: true` with usage in the last chunk, server-sent events parsed by eventsource-parser.
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { z } from "zod";
import type { AiChunk, AiProvider, AiRequest } from "./provider.js";
import { ProviderError } from "./provider.js";

export interface OpenAiCompatibleOptions {
  /** The `/v1` base, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  fetch?: typeof fetch;
}

/** Only the fields read here; providers add many others. */
const StreamChunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: z
    .object({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0) })
    .nullish(),
});

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name: "openai-compatible",
    async *stream(request: AiRequest): AsyncIterable<AiChunk> {
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "text/event-stream",
            ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
          },
          body: JSON.stringify({
            model: request.model,
            messages: request.turns,
            temperature: request.temperature,
            stream: true,
            stream_options: { include_usage: true },
          }),
          signal: request.signal,
        });
      } catch (error) {
        throw new ProviderError("network", "The language model could not be reached", {
          cause: error,
        });
      }
      if (!response.ok || response.body === null) {
        const detail = await response.text().catch(() => "");
        throw new ProviderError("http", `The language model answered HTTP ${response.status}`, {
          cause: detail.slice(0, 500),
        });
      }

      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (event) => events.push(event) });
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      let finished = false;
      // Some servers close after the finishing chunk without sending [DONE]; that answer is whole.
      let sawFinish = false;
      try {
        while (!finished) {
          let read: Awaited<ReturnType<typeof reader.read>>;
          try {
            read = await reader.read();
          } catch (error) {
            throw new ProviderError("dropped", "The language model stream broke off", {
              cause: error,
            });
          }
          if (read.done) break;
          parser.feed(decoder.decode(read.value, { stream: true }));
          for (const event of events.splice(0)) {
            if (event.data === "[DONE]") {
              finished = true;
              break;
            }
            const chunk = parseChunk(event.data);
            if (chunk.usage) {
              yield {
                type: "usage",
                promptTokens: chunk.usage.prompt_tokens,
                completionTokens: chunk.usage.completion_tokens,
              };
            }
            for (const choice of chunk.choices ?? []) {
              const text = choice.delta?.content;
              if (text) yield { type: "delta", text };
              if (choice.finish_reason) sawFinish = true;
            }
          }
        }
      } finally {
        // Stops the download when the caller stops early (stop, time-out) or the loop ends.
        await reader.cancel().catch(() => {});
      }
      if (!finished && !sawFinish) {
        throw new ProviderError("dropped", "The language model stream ended before [DONE]");
      }
    },
  };
}

function parseChunk(data: string): z.infer<typeof StreamChunk> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    throw new ProviderError("protocol", "The language model sent a chunk that is not JSON", {
      cause: error,
    });
  }
  const parsed = StreamChunk.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError("protocol", "The language model sent an unexpected chunk", {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
