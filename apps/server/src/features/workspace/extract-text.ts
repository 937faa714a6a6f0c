// Text out of an uploaded file: plain text and Markdown as UTF-8, PDF with pdfjs-dist (legacy build), DOCX with mammoth.
// The parsers run in a worker thread with a memory and a time limit (extract-worker.ts), so a hostile document can
// fail only its own extraction (docs/decisions/145-hostile-documents.md).
import { Worker } from "node:worker_threads";

export type KnowledgeFormat = "text" | "pdf" | "docx";

/** The format by the name's extension (what the upload checks matched the bytes against), else the MIME type. */
export function knowledgeFormatOf(file: {
  name: string;
  mimeType: string;
}): KnowledgeFormat | null {
  const extension = file.name.toLowerCase().split(".").pop() ?? "";
  if (["txt", "md", "markdown", "text"].includes(extension)) return "text";
  if (extension === "pdf") return "pdf";
  if (extension === "docx") return "docx";
  if (file.mimeType.startsWith("text/")) return "text";
  if (file.mimeType === "application/pdf") return "pdf";
  return null;
}

/** A line gap this many times the text height starts a new paragraph. */
const PARAGRAPH_GAP = 1.8;

/**
 * pdfjs returns right-to-left runs in logical order (its bidi step undoes the visual order PDFs draw Hebrew in), so
 * no reordering happens here (docs/decisions/050-knowledge-indexing.md). Lines become lines; a wide vertical gap and
 * a page break become a blank line, so the splitter sees paragraphs.
 */
async function pdfText(bytes: Uint8Array): Promise<string> {
  // Loaded on first use: the parsers are large and most starts (the CLI, tests) never read a document.
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: bytes,
    useWorkerFetch: false,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      let lastY: number | null = null;
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const y = item.transform[5];
        if (typeof y === "number" && lastY !== null && item.str.length > 0) {
          const gap = Math.abs(lastY - y);
          if (item.height > 0 && gap > item.height * PARAGRAPH_GAP && !text.endsWith("\n\n")) {
            text += text.endsWith("\n") ? "\n" : "\n\n";
          }
        }
        text += item.str;
        if (item.hasEOL) text += "\n";
        if (item.str.length > 0 && typeof y === "number") lastY = y;
      }
      pages.push(text.trim());
      page.cleanup();
    }
    return pages.filter((page) => page.length > 0).join("\n\n");
  } finally {
    await task.destroy();
  }
}

/** The file's text, in this thread; throws when the bytes are not a readable document of that format. */
export async function extractTextHere(bytes: Uint8Array, format: KnowledgeFormat): Promise<string> {
  switch (format) {
    case "text":
      // A byte-order mark is not text.
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
    case "pdf":
      // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
      return pdfText(new Uint8Array(bytes));
    case "docx": {
      const mammoth = await import("mammoth");
      return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
    }
  }
}

export interface ExtractionLimits {
  /** The worker's V8 heap (old generation), in MB. */
  memoryMb: number;
  /** How long one extraction may run. */
  timeoutMs: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = { memoryMb: 512, timeoutMs: 60_000 };
/** Text longer than this (UTF-8 bytes) is refused as too large: more than any document within the upload limit holds. */
export const MAX_EXTRACTED_BYTES = 64 * 1024 * 1024;
/** Extractions running at once in this process; more wait their turn (each may take its whole heap). */
const MAX_RUNNING = 2;

/** Why a file gave no text: it is not a readable document, or reading it broke the worker's limits. */
export class ExtractionFailed extends Error {
  constructor(readonly reason: "unreadable" | "too-complex") {
    super(reason);
  }
}

export type WorkerRequest = { bytes: Uint8Array; format: KnowledgeFormat; maxBytes: number };
export type WorkerReply =
  | { ok: true; text: string }
  | { ok: false; reason: "unreadable" | "too-complex" };

let running = 0;
const queue: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    queue.shift()?.();
  };
}

/**
 * From the sources, a boot file that loads tsx in the worker and then extract-worker.ts (a worker does not inherit
 * the parent's TypeScript loader); in the compiled server (dist/main.js), extract-worker.js built beside it.
 */
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("./extract-worker-boot.mjs", import.meta.url)
  : new URL("./extract-worker.js", import.meta.url);

function runWorker(request: WorkerRequest, limits: ExtractionLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.min(32, Math.floor(limits.memoryMb / 8))),
      },
    });
    let settled = false;
    const finish = (outcome: { text: string } | { error: ExtractionFailed }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if ("text" in outcome) resolve(outcome.text);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () => finish({ error: new ExtractionFailed("too-complex") }),
      limits.timeoutMs,
    );
    worker.on("message", (reply: WorkerReply) =>
      finish(reply.ok ? { text: reply.text } : { error: new ExtractionFailed(reply.reason) }),
    );
    worker.on("error", (error: Error & { code?: string }) =>
      finish({
        error: new ExtractionFailed(
          error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "too-complex" : "unreadable",
        ),
      }),
    );
    worker.on("exit", () => finish({ error: new ExtractionFailed("unreadable") }));
    // The worker's own copy, moved rather than copied again.
    const bytes = new Uint8Array(request.bytes);
    worker.postMessage({ ...request, bytes } satisfies WorkerRequest, [bytes.buffer]);
  });
}

/**
 * The file's text, read in a worker thread under `limits`; throws ExtractionFailed when the bytes are not a
 * readable document ("unreadable") or reading them needs more memory, time or text than allowed ("too-complex").
 */
export async function extractText(
  bytes: Uint8Array,
  format: KnowledgeFormat,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<string> {
  if (format === "text") {
    if (bytes.byteLength > MAX_EXTRACTED_BYTES) throw new ExtractionFailed("too-complex");
    try {
      return await extractTextHere(bytes, format);
    } catch {
      throw new ExtractionFailed("unreadable");
    }
  }
  const done = await turn();
  try {
    return await runWorker({ bytes, format, maxBytes: MAX_EXTRACTED_BYTES }, limits);
  } finally {
    done();
  }
}
