// The OpenAI-compatible chat-completions client (hosted APIs, Ollama, vLLM, llama.cpp, LM Studio): Node's own
// http/https client on kept-alive connections (decision 397: about half of fetch's cost per answer), `stream: true`
// with usage in the last chunk, server-sent events parsed by eventsource-parser.
import type { IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { z } from "zod";
import type { AiChunk, AiProvider, AiRequest } from "./provider.js";
import { ProviderError } from "./provider.js";

export interface OpenAiCompatibleOptions {
  /** The `/v1` base, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey: string | undefined;
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

/** Longest error body kept as the failure's cause. */
const ERROR_DETAIL_LENGTH = 500;

/**
 * Posts `body` and resolves with the response's head (its body still to read); aborting `signal` destroys both.
 * The abort is handled here, not by http's own `signal` option: that one destroys the socket with an error that, once
 * the response has been let go, nothing listens for (an uncaught exception).
 */
function post(
  endpoint: URL,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const send = endpoint.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const outgoing = send(endpoint, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    });
    const stop = () => outgoing.destroy();
    signal.addEventListener("abort", stop, { once: true });
    outgoing.once("response", (response: IncomingMessage) => {
      // A read that is waiting gets the body's errors; one that comes after the answer stopped has no one to tell.
      response.on("error", () => {});
      resolve(response);
    });
    // Kept for the request's whole life; after the head, the body's reads see what went wrong.
    outgoing.on("error", reject);
    outgoing.once("close", () => {
      signal.removeEventListener("abort", stop);
      reject(new Error("the connection closed before an answer"));
    });
    outgoing.end(body);
  });
}

/** The start of an error answer's body, for the log. */
async function detailOf(response: IncomingMessage): Promise<string> {
  // Leaving the loop early, by break or error, destroys the response.
  let detail = "";
  response.setEncoding("utf8");
  try {
    for await (const chunk of response) {
      detail += String(chunk);
      if (detail.length >= ERROR_DETAIL_LENGTH) break;
    }
  } catch {
    // What arrived is enough.
  }
  return detail.slice(0, ERROR_DETAIL_LENGTH);
}

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const endpoint = new URL(`${options.baseUrl.replace(/\/+$/, "")}/chat/completions`);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream",
    ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
  };
  return {
    name: "openai-compatible",
    async *stream(request: AiRequest): AsyncIterable<AiChunk> {
      const body = JSON.stringify({
        model: request.model,
        messages: request.turns,
        temperature: request.temperature,
        stream: true,
        stream_options: { include_usage: true },
      });
      let response: IncomingMessage;
      try {
        response = await post(endpoint, headers, body, request.signal);
      } catch (error) {
        throw new ProviderError("network", "The language model could not be reached", {
          cause: error,
        });
      }
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        throw new ProviderError("http", `The language model answered HTTP ${status}`, {
          cause: await detailOf(response),
        });
      }

      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (event) => events.push(event) });
      response.setEncoding("utf8");
      const reads = response[Symbol.asyncIterator]();
      let finished = false;
      // Some servers close after the finishing chunk without sending [DONE]; that answer is whole.
      let sawFinish = false;
      try {
        while (!finished) {
          let read: IteratorResult<unknown>;
          try {
            read = await reads.next();
          } catch (error) {
            throw new ProviderError("dropped", "The language model stream broke off", {
              cause: error,
            });
          }
          if (read.done === true) break;
          parser.feed(String(read.value));
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
        // Stops the download when the caller stops early (stop, time-out) or the loop ends; a whole answer's
        // connection goes back to the pool.
        if (!response.complete) response.destroy();
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
