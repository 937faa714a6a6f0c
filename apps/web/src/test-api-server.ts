/// <reference types="node" />
// A real local HTTP server for tests of the API client and the auth store: handlers per "METHOD /path", requests recorded.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { setApiBase } from "./lib/api-client";
import { resetConnectivityForTests } from "./lib/connectivity";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Answer after this many milliseconds (to hold requests in flight). */
  delayMs?: number;
  /** Extra response headers (RateLimit, AACOS-Upgrade-Hint). */
  headers?: Record<string, string>;
  /** A text/event-stream reply: `write` sends raw text (any chunking); the reply ends when this resolves. */
  stream?: (write: (chunk: string | Uint8Array) => Promise<void>) => Promise<void>;
}

/** jsdom's XMLHttpRequest (uploads) enforces CORS against this other-origin server; fetch in Node does not. */
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, accept",
  "access-control-allow-methods": "*",
  "access-control-expose-headers": "*",
};

export type Handler = (request: RecordedRequest) => Reply;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface TestApi {
  requests: RecordedRequest[];
  /** Requests to one route, e.g. count("POST /api/auth/refresh"). */
  count: (route: string) => number;
  route: (route: string, handler: Handler) => void;
  close: () => Promise<void>;
}

/** Starts the server on a free port and points the API client at it. */
export async function startTestApi(routes: Record<string, Handler> = {}): Promise<TestApi> {
  const handlers = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    if (request.method === "OPTIONS") {
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization ?? null,
      contentType: request.headers["content-type"] ?? null,
      body: await readBody(request),
    };
    requests.push(recorded);
    const handler = handlers.get(`${recorded.method} ${recorded.path}`);
    const reply: Reply = handler
      ? handler(recorded)
      : { status: 404, body: { error: { code: "not_found", message: "No route" } } };
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const headers = { ...CORS_HEADERS, ...reply.headers };
    if (reply.stream) {
      response.writeHead(reply.status, {
        ...headers,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
      });
      response.flushHeaders();
      const write = (chunk: string | Uint8Array) =>
        new Promise<void>((resolve) => {
          if (response.destroyed) resolve();
          else response.write(chunk, () => resolve());
        });
      await reply.stream(write).catch(() => {});
      response.end();
      return;
    }
    if (reply.body === undefined) {
      response.writeHead(reply.status, headers).end();
      return;
    }
    response
      .writeHead(reply.status, { ...headers, "content-type": "application/json" })
      .end(JSON.stringify(reply.body));
  });
  // Idle connections stay open until close(): with Node's 5 s keep-alive timeout, a test slowed down by a loaded machine
  // could send its POST on a connection the server was closing that moment, and fetch does not retry a POST — the
  // screen then showed its generic failure (seen once in CI on the API keys section).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  setApiBase(`http://127.0.0.1:${port}/api`);
  // Online from here on, whatever a request left over from an earlier test concluded when its server closed.
  resetConnectivityForTests();
  return {
    requests,
    count: (route) => requests.filter((r) => `${r.method} ${r.path}` === route).length,
    route: (route, handler) => handlers.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        setApiBase("/api");
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A promise the test resolves (`open`) when it wants a held reply, such as a stream, to go on (`opened`). */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** The server's error reply: `{ error: { code, message, params } }` with this status. */
export function errorReply(
  status: number,
  code: string,
  message: string,
  params?: Record<string, unknown>,
): Reply {
  return { status, body: { error: { code, message, params } } };
}

/**
 * A refusal that points to a plan: the error as in `errorReply`, and beside it the server's hints for the upgrade
 * prompt (suggestedTier, upgradeUrl, reason, retryAfter).
 */
export function upgradeReply(
  status: number,
  error: { code: string; message: string; params?: Record<string, unknown> },
  hints: Record<string, unknown>,
): Reply {
  return { status, body: { error, ...hints } };
}

/** A JWT-shaped token (unsigned) whose `exp` is `secondsAhead` from now: the client only reads `exp`. */
export function fakeAccessToken(name: string, secondsAhead = 3600): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + secondsAhead;
  return `${encode({ alg: "none" })}.${encode({ sub: name, exp })}.sig`;
}
