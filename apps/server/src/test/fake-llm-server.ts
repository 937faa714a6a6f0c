// A real loopback HTTP server speaking the OpenAI chat-completions streaming protocol (not a mock): streams a known
// answer token by token, and can be told to fail, delay, or die mid-stream. Tests and the first-byte bench use it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface FakeLlmBehaviour {
  /** The answer, one streamed chunk per token. */
  tokens: string[];
  /** Wait before the first byte of the response. */
  firstByteDelayMs: number;
  /** Wait between tokens. */
  tokenDelayMs: number;
  /** Destroy the connection after this many tokens (a dropped stream). */
  dieAfterTokens: number | null;
  /** Answer with this HTTP status and an OpenAI-style error instead of streaming. */
  failWithStatus: number | null;
  /** The usage chunk's figures (sent when the request asks with stream_options.include_usage). */
  usage: { promptTokens: number; completionTokens: number } | null;
}

export interface FakeLlmRequest {
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    temperature?: number;
  };
  authorization: string | undefined;
  /** `performance.now()` of this process when the request's body had arrived (the bench's one clock). */
  receivedAt: number;
  /** `performance.now()` when the first content chunk was written, or null when none was. */
  firstContentAt: number | null;
}

export interface FakeLlmServer {
  /** The `/v1` base to give as AI_BASE_URL. */
  url: string;
  /** The app's environment for this server: AI_BASE_URL and the model "test-model". */
  env: { AI_BASE_URL: string; AI_MODEL: string };
  /** Every chat-completions request received, in order. */
  requests: FakeLlmRequest[];
  /** How many responses the client abandoned before the end. */
  abandoned: number;
  behave(change: Partial<FakeLlmBehaviour>): void;
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_TOKENS = ["The ", "answer ", "is ", "forty", "-two", "."];

function defaults(): FakeLlmBehaviour {
  return {
    tokens: [...DEFAULT_TOKENS],
    firstByteDelayMs: 0,
    tokenDelayMs: 0,
    dieAfterTokens: null,
    failWithStatus: null,
    usage: { promptTokens: 11, completionTokens: DEFAULT_TOKENS.length },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeLlm(
  initial: Partial<FakeLlmBehaviour> = {},
): Promise<FakeLlmServer> {
  let behaviour: FakeLlmBehaviour = { ...defaults(), ...initial };
  const sockets = new Set<Socket>();
  const state: FakeLlmServer = {
    url: "",
    env: { AI_BASE_URL: "", AI_MODEL: "test-model" },
    requests: [],
    abandoned: 0,
    behave(change) {
      behaviour = { ...behaviour, ...change };
    },
    reset() {
      behaviour = defaults();
      state.requests.length = 0;
      state.abandoned = 0;
    },
    close: async () => {},
  };

  async function stream(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(await readBody(request)) as FakeLlmRequest["body"];
    const received: FakeLlmRequest = {
      body,
      authorization: request.headers.authorization,
      receivedAt: performance.now(),
      firstContentAt: null,
    };
    state.requests.push(received);
    const plan = behaviour;
    let gone = false;
    response.on("close", () => {
      if (!response.writableFinished) {
        gone = true;
        state.abandoned += 1;
      }
    });
    if (plan.firstByteDelayMs > 0) await sleep(plan.firstByteDelayMs);
    if (plan.failWithStatus !== null) {
      response.writeHead(plan.failWithStatus, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ error: { message: "the fake model refuses", type: "server_error" } }),
      );
      return;
    }
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? "",
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    response.write(chunk({ role: "assistant", content: "" }, null));
    for (const [index, token] of plan.tokens.entries()) {
      if (gone) return;
      if (plan.dieAfterTokens !== null && index >= plan.dieAfterTokens) {
        // A crash mid-answer: what was written reaches the client, then the connection goes away without the end.
        await new Promise<void>((resolve) => response.write("", () => resolve()));
        await sleep(20);
        response.socket?.destroy();
        return;
      }
      if (plan.tokenDelayMs > 0 && index > 0) await sleep(plan.tokenDelayMs);
      if (gone) return;
      received.firstContentAt ??= performance.now();
      response.write(chunk({ content: token }, null));
    }
    response.write(chunk({}, "stop"));
    if (body.stream_options?.include_usage === true && plan.usage !== null) {
      response.write(
        `data: ${JSON.stringify({
          id: "chatcmpl-fake",
          object: "chat.completion.chunk",
          choices: [],
          usage: {
            prompt_tokens: plan.usage.promptTokens,
            completion_tokens: plan.usage.completionTokens,
            total_tokens: plan.usage.promptTokens + plan.usage.completionTokens,
          },
        })}\n\n`,
      );
    }
    response.end("data: [DONE]\n\n");
  }

  const server = createServer((request, response) => {
    stream(request, response).catch(() => response.destroy());
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.env = { AI_BASE_URL: state.url, AI_MODEL: "test-model" };
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
