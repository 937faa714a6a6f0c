// The SSE helper: events split anywhere across chunks (even inside a multi-byte character), named events, refusals
// before the stream as typed errors, and an abort that stops reading — against a real local server.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, upgradeReply } from "../test-api-server";
import { isApiError } from "./api-client";
import { createSseParser, type SseEvent, streamSse } from "./sse-stream";

let api: TestApi;

describe("createSseParser", () => {
  it("parses deltas, done and error wherever the chunks split, with CRLF and comments", () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    const text =
      ': keep-alive\r\ndata: {"delta":"Hel"}\r\n\r\ndata: {"delta":"lo"}\n\nevent: done\ndata: {"message":{"id":"m1"}}\n\nevent: error\ndata: {"error":{"message":"x"}}\n\n';
    for (let size = 1; size <= 7; size += 1) {
      events.length = 0;
      for (let at = 0; at < text.length; at += size) parser.push(text.slice(at, at + size));
      parser.end();
      expect(events).toEqual([
        { event: "message", data: { delta: "Hel" } },
        { event: "message", data: { delta: "lo" } },
        { event: "done", data: { message: { id: "m1" } } },
        { event: "error", data: { error: { message: "x" } } },
      ]);
    }
  });

  it("joins multi-line data and dispatches a last event without its blank line", () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    parser.push("data: one\ndata: two\n\nevent: done\ndata: {}");
    parser.end();
    expect(events).toEqual([
      { event: "message", data: "one\ntwo" },
      { event: "done", data: {} },
    ]);
  });
});

describe("streamSse", () => {
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => {
    await api.close();
  });

  it("reads a stream split mid-event and mid-character, with the bearer token", async () => {
    window.localStorage.setItem("token", "tok");
    const whole = `data: {"delta":"שלום "}\n\ndata: {"delta":"world"}\n\nevent: done\ndata: {"message":{"content":"שלום world"}}\n\n`;
    const bytes = new TextEncoder().encode(whole);
    api.route("POST /api/chat/conversations/c1/messages", () => ({
      status: 200,
      stream: async (write) => {
        // Raw byte slices: the Hebrew letters are two bytes each, so some cuts fall inside one.
        for (let at = 0; at < bytes.length; at += 5) {
          await write(bytes.slice(at, at + 5));
        }
      },
    }));
    const events: SseEvent[] = [];
    await streamSse("/chat/conversations/c1/messages", { content: "hi" }, (event) =>
      events.push(event),
    );
    expect(events.map((event) => event.event)).toEqual(["message", "message", "done"]);
    expect(events[0]?.data).toEqual({ delta: "שלום " });
    expect(events[2]?.data).toEqual({ message: { content: "שלום world" } });
    const request = api.requests[0];
    expect(request?.authorization).toBe("Bearer tok");
    expect(request?.body).toEqual({ content: "hi" });
  });

  it("throws the typed refusal (429 with an upgrade payload) before any event", async () => {
    api.route("POST /api/commands", () =>
      upgradeReply(
        429,
        { code: "rate_limited", message: "AI token limit reached: 10000 tokens per day" },
        { suggestedTier: "quantum", upgradeUrl: "/tiers", reason: "aiTokens" },
      ),
    );
    const events: SseEvent[] = [];
    const failure = await streamSse("/commands", { prompt: "x" }, (event) =>
      events.push(event),
    ).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(429);
    expect(isApiError(failure) && failure.upgrade?.suggestedTier).toBe("quantum");
    expect(events).toEqual([]);
  });

  it("stops reading when aborted and keeps what arrived", async () => {
    let release = () => {};
    api.route("POST /api/commands", () => ({
      status: 200,
      stream: async (write) => {
        await write('data: {"delta":"partial"}\n\n');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    }));
    const controller = new AbortController();
    const events: SseEvent[] = [];
    const running = streamSse(
      "/commands",
      { prompt: "x" },
      (event) => {
        events.push(event);
        controller.abort();
      },
      controller.signal,
    );
    await expect(running).rejects.toThrow();
    expect(events).toEqual([{ event: "message", data: { delta: "partial" } }]);
    release();
  });
});
