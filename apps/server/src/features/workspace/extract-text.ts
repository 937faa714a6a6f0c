// Text out of an uploaded file: plain text and Markdown as UTF-8, PDF with pdfjs-dist (legacy build), DOCX with mammoth.

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

/** The file's text; throws when the bytes are not a readable document of that format. */
export async function extractText(bytes: Uint8Array, format: KnowledgeFormat): Promise<string> {
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
