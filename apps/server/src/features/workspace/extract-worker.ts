// The worker thread of extract-text.ts: reads one document and answers with its text, or why there is none. The
// parent bounds its heap and time; running out of either ends only this thread.
import { parentPort } from "node:worker_threads";
import { extractTextHere, type WorkerReply, type WorkerRequest } from "./extract-text.js";

parentPort?.once("message", async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const text = await extractTextHere(request.bytes, request.format);
    reply =
      Buffer.byteLength(text, "utf8") > request.maxBytes
        ? { ok: false, reason: "too-complex" }
        : { ok: true, text };
  } catch {
    reply = { ok: false, reason: "unreadable" };
  }
  parentPort?.postMessage(reply);
});
