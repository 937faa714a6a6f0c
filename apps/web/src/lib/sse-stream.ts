// Server-sent events over fetch: a parser that survives any chunk boundary, and streamSse() that POSTs a body with the
// bearer token (through the API client's refusal and 401 handling) and calls back once per event.
import { apiOpenStream } from "./api-client";

/** One event: its name ("message" when the server gave none) and its data, parsed as JSON when it is JSON. */
export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseParser {
  /** Feed decoded text; complete events are dispatched, a partial one waits for the next chunk. */
  push(text: string): void;
  /** The stream ended: an event without its closing blank line is dispatched all the same. */
  end(): void;
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The WHATWG event-stream format: `event:` and `data:` fields, `:` comments, a blank line ends an event. */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = "";
  let name = "";
  let data: string[] = [];
  let sawData = false;

  const dispatch = () => {
    if (sawData) onEvent({ event: name || "message", data: parseData(data.join("\n")) });
    name = "";
    data = [];
    sawData = false;
  };

  const line = (text: string) => {
    if (text === "") {
      dispatch();
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") {
      data.push(value);
      sawData = true;
    }
  };

  return {
    push(text) {
      buffer += text;
      // A "\r" at the very end may be the first half of "\r\n": keep it for the next chunk.
      for (;;) {
        const match = /\r\n|\n|\r(?!$)/.exec(buffer);
        if (match === null) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    end() {
      if (buffer !== "") {
        line(buffer.replace(/\r$/, ""));
        buffer = "";
      }
      dispatch();
    },
  };
}

/**
 * POSTs `body` to the API `path` with `Accept: text/event-stream` and calls `onEvent` for every event until the
 * stream ends. Throws the API client's typed error for a refusal before the stream, and the abort reason when
 * `signal` stops it.
 */
export async function streamSse(
  path: string,
  body: unknown,
  onEvent: (event: SseEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await apiOpenStream(path, body, signal);
  const parser = createSseParser(onEvent);
  if (response.body === null) {
    parser.push(await response.text());
    parser.end();
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
