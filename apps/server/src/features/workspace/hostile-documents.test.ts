// Hostile documents through the real routes: a DOCX zip bomb (hundreds of MB of XML packed under the upload limit) is
// refused at upload and, stored before that check existed, when added as knowledge; a DOCX inside the unpacked caps
// that needs more memory than the extraction worker has fails only its own extraction. The server keeps answering,
// and normal DOCX and PDF files still become knowledge.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "../../db/schema.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp, uploadFile } from "../../test/helper.js";
import { zip } from "../../test/zip.js";
import { checkZipInflation, createLocalStorage } from "../files/index.js";
import { ExtractionFailed, extractText } from "./extract-text.js";

const HEBREW_PDF = new URL("./fixtures/hebrew.pdf", import.meta.url);
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const MB = 1024 * 1024;

/** One part of a zip: its name, raw-deflated bytes, unpacked size and CRC. */
interface Part {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

/**
 * A raw deflate stream of `head`, `body` × `times` and `tail`, built without ever holding the unpacked text: each
 * piece is compressed once on its own (ending on a sync flush, so it refers only to itself) and repeated.
 */
function repeatedPart(name: string, head: string, body: string, times: number, tail: string): Part {
  const flushed = (text: string) =>
    deflateRawSync(Buffer.from(text), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const headBytes = Buffer.from(head);
  const bodyBytes = Buffer.from(body);
  const tailBytes = Buffer.from(tail);
  let crc = crc32(headBytes);
  for (let index = 0; index < times; index += 1) crc = crc32(bodyBytes, crc);
  crc = crc32(tailBytes, crc);
  const repeated = flushed(body);
  return {
    name,
    // A final empty fixed-Huffman block ends the stream.
    deflated: Buffer.concat([
      flushed(head),
      ...Array.from({ length: times }, () => repeated),
      flushed(tail),
      Buffer.from([0x03, 0x00]),
    ]),
    size: headBytes.length + bodyBytes.length * times + tailBytes.length,
    crc,
  };
}

const part = (name: string, text: string) => repeatedPart(name, text, "", 0, "");

/** A zip of deflated parts, as Word writes a DOCX. */
function deflatedZip(parts: Part[]): Buffer {
  return zip(
    parts.map(({ name, deflated, size, crc }) => ({
      name,
      stored: deflated,
      size,
      crc,
      method: 8 as const,
    })),
  );
}

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>`;
const DOCUMENT_TAIL = "</w:body></w:document>";
const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

/** A valid DOCX whose document.xml is `head`, `body` × `times`, `tail`. */
function docx(body: string, times: number): Buffer {
  return deflatedZip([
    part(
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    part(
      "_rels/.rels",
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    repeatedPart("word/document.xml", DOCUMENT_HEAD, body, times, DOCUMENT_TAIL),
  ]);
}

/** About 1 MB of repetitive paragraphs. */
const MEGABYTE_OF_XML = paragraph("The reactor hums along, the reactor hums along.").repeat(
  Math.ceil(MB / paragraph("The reactor hums along, the reactor hums along.").length),
);
/** The probe's bomb: document.xml unpacks to about 300 MB. */
const BOMB = docx(MEGABYTE_OF_XML, 300);
/** Inside the unpacked caps (20 MB of XML), but reading it takes far more heap than the test worker has. */
const HEAVY = docx(MEGABYTE_OF_XML, 20);
const NORMAL = docx(
  paragraph("The starship Meridian carries a crystal drive that hums at dawn.") +
    paragraph("Its navigator keeps a logbook of every comet the crew has seen."),
  1,
);

let test: TestApp;
let user: SignedInUser;
let entityId: string;

beforeAll(async () => {
  // A small extraction heap, so the heavy document breaks it at once; time enough for a slow, shared machine.
  test = await buildTestApp({ EXTRACT_MEMORY_MB: "192", EXTRACT_TIMEOUT_SECONDS: "120" });
  user = await createUser(test.app, { tier: "infinity" });
  const universe = await call("POST", "/api/aacos/universes", { name: "Reactor" });
  const entity = await call(
    "POST",
    `/api/aacos/universes/${universe.json().universe.id}/entities`,
    {
      name: "Keeper",
      role: "archivist",
      systemPrompt: "Answer from the archive.",
    },
  );
  entityId = entity.json().entity.id;
});
afterAll(() => test.close());

function call(method: "GET" | "POST", url: string, payload?: object) {
  return test.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
}

const upload = (name: string, type: string, bytes: Uint8Array) =>
  uploadFile(test.app, user, name, type, bytes);

const addKnowledge = (fileId: string) =>
  call("POST", `/api/aacos/entities/${entityId}/knowledge`, { fileId });

async function stillServing() {
  expect((await call("GET", "/api/health")).statusCode).toBe(200);
  expect((await call("GET", "/api/files")).statusCode).toBe(200);
}

describe("a DOCX zip bomb", () => {
  it("is a real bomb: under the upload limit packed, hundreds of MB unpacked", () => {
    expect(BOMB.length).toBeLessThan(2 * MB);
    const documentXml = BOMB.readUInt32LE(BOMB.lastIndexOf("word/document.xml") - 46 + 24);
    expect(documentXml).toBeGreaterThan(300 * MB);
  });

  it("is refused at upload with 413 and the unpacked limit, and the server keeps serving", async () => {
    const response = await upload("reactor.docx", DOCX_MIME, BOMB);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: "file_too_large",
      message: "Unpacked file size exceeds maximum of 32MB",
      fields: { file: "Unpacked file size exceeds maximum of 32MB" },
      fieldCodes: { file: { code: "unpacked_too_large", params: { max: 32 } } },
    });
    expect((await call("GET", "/api/files")).json().items).toEqual([]);
    await stillServing();
  });

  it("is refused as knowledge when it was stored before uploads checked it", async () => {
    // As an upload before this check existed left it: bytes in storage and a files row.
    const id = randomUUID();
    const storageKey = `${user.id}/${id}`;
    await createLocalStorage(path.join(test.config.dataDir, "files")).put(storageKey, BOMB);
    await test.database.db.insert(files).values({
      id,
      userId: user.id,
      name: "old-reactor.docx",
      size: BOMB.length,
      mimeType: DOCX_MIME,
      storageKey,
    });
    const response = await addKnowledge(id);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: "file_too_large",
      message: "Unpacked file size exceeds maximum of 32MB",
      fields: { fileId: "Unpacked file size exceeds maximum of 32MB" },
    });
    await stillServing();
  });

  it("lies in its directory in vain: the real unpacked size is measured", async () => {
    // The directory claims 1 KB for document.xml; inflating it stops at the limit all the same.
    const liar = Buffer.from(BOMB);
    liar.writeUInt32LE(1024, liar.lastIndexOf("word/document.xml") - 46 + 24);
    expect(await checkZipInflation(liar)).toEqual({
      ok: false,
      reason: "too-large",
      message: "Unpacked file size exceeds maximum of 32MB",
      maxMb: 32,
    });
  });
});

describe("a document too heavy for the extraction worker", () => {
  it("fails only its own extraction, with 413 and a message to split it", async () => {
    const uploaded = await upload("heavy.docx", DOCX_MIME, HEAVY);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const response = await addKnowledge(uploaded.json().file.id);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: "file_too_large",
      message: "This file is too large or complex to read; split it into smaller files",
    });
    await stillServing();
  });

  it("stops at the time limit", async () => {
    const started = performance.now();
    const failure = await extractText(HEAVY, "docx", { memoryMb: 2048, timeoutMs: 300 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ExtractionFailed);
    expect((failure as ExtractionFailed).reason).toBe("too-complex");
    // The worker is ended at the limit, not when mammoth is done (tens of seconds here).
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe("normal documents", () => {
  it("still become knowledge: a DOCX and a PDF", async () => {
    const word = await upload("meridian.docx", DOCX_MIME, NORMAL);
    expect(word.statusCode, word.body).toBe(201);
    const fromWord = await addKnowledge(word.json().file.id);
    expect(fromWord.statusCode, fromWord.body).toBe(201);
    expect(fromWord.json().knowledgeFile).toMatchObject({ status: "indexed", passageCount: 1 });

    const pdf = await upload("ספרייה.pdf", "application/pdf", await readFile(HEBREW_PDF));
    expect(pdf.statusCode, pdf.body).toBe(201);
    const fromPdf = await addKnowledge(pdf.json().file.id);
    expect(fromPdf.statusCode, fromPdf.body).toBe(201);
    expect(fromPdf.json().knowledgeFile.passageCount).toBeGreaterThan(0);

    const found = await call(
      "GET",
      `/api/aacos/entities/${entityId}/knowledge/search?q=${encodeURIComponent("comet logbook")}`,
    );
    expect(found.json().items[0]).toMatchObject({ fileName: "meridian.docx" });
  });

  it("are read from a plain-text file without a worker, and garbage is unreadable", async () => {
    expect(await extractText(Buffer.from("\uFEFFplain words"), "text")).toBe("plain words");
    const garbage = await extractText(Buffer.from("not a zip at all"), "docx").catch(
      (error: unknown) => error,
    );
    expect(garbage).toMatchObject({ reason: "unreadable" });
  });
});

describe("the training-data budget", () => {
  it("counts the extracted text, not the packed size", async () => {
    // A 1 MB budget on this user's plan; the document packs to a few KB and holds well over 1 MB of text.
    const admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
    const lowered = await request(test.app, admin, "PUT", "/api/admin/settings/tiers/infinity", {
      limits: { maxTrainingDataSize: 1 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const wordy = docx(
      paragraph("Every comet leaves a trail of dust and ice behind it.").repeat(1_000),
      28,
    );
    expect(wordy.length).toBeLessThan(100 * 1024);
    const uploaded = await upload("comets.docx", DOCX_MIME, wordy);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const response = await addKnowledge(uploaded.json().file.id);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({
      error: {
        code: "limit_reached",
        message: "Training data limit reached: 1 MB of knowledge per entity",
      },
      reason: "maxTrainingDataSize",
    });
  });
});
