// Uploads through real multipart bodies: the docs/product.md §5 refusals, magic bytes, the storage quota, and the owner-only file API.
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { UPLOAD_MAX_BYTES } from "@aacos/domain/validation";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { files } from "../../db/schema.js";
import { expectLimitReached } from "../../test/expected.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import {
  buildTestApp,
  encodedForm,
  request,
  type TestApp,
  uploadFile,
  uploadForm,
} from "../../test/helper.js";
import { zip } from "../../test/zip.js";
import { createFileService, createLocalStorage } from "./index.js";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** The start of a Windows executable (the "MZ" DOS header). */
const EXE = Buffer.concat([
  Buffer.from("4d5a90000300000004000000ffff0000b800000000000000400000000000000000", "hex"),
  Buffer.alloc(200),
]);
/** An OLE compound file header, as a real .doc starts. */
const CFB = Buffer.concat([
  Buffer.from("d0cf11e0a1b11ae1000000000000000000000000000000003e000300feff0900", "hex"),
  Buffer.alloc(480),
]);

/** A minimal stored (uncompressed) zip, without checksums: enough structure for signature detection. */
function storedZip(entries: Record<string, string>): Buffer {
  return zip(
    Object.entries(entries).map(([name, text]) => {
      const stored = Buffer.from(text);
      return { name, stored, size: stored.length, crc: 0, method: 0 as const };
    }),
  );
}

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const DOCX = storedZip({
  "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  "word/document.xml": "<w:document/>",
});

let test: TestApp;
let filesDir: string;

beforeAll(async () => {
  test = await buildTestApp();
  filesDir = path.join(test.config.dataDir, "files");
});
afterAll(() => test.close());

const upload = (user: SignedInUser, name: string, type: string, bytes: Uint8Array) =>
  uploadFile(test.app, user, name, type, bytes);

/** Every file under DATA_DIR/files, temporary ones included. */
async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** The upload was refused with that status, code and message, and left no file behind. */
async function expectRefused(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json().error).toMatchObject({ code, message });
  expect(await storedFiles()).toEqual([]);
}

describe("POST /api/upload refusals", () => {
  it("refuses an executable renamed .png by its magic bytes, leaving nothing behind", async () => {
    const user = await createUser(test.app);
    const response = await upload(user, "x.png", "image/png", EXE);
    await expectRefused(response, 400, "invalid_file", "File MIME type does not match extension");
  });

  it("refuses a .exe, double extensions and a declared type that does not match", async () => {
    const user = await createUser(test.app);
    for (const [name, type, content, message] of [
      ["run.exe", "application/x-msdownload", EXE, "File type .exe is not allowed"],
      ["photo.php.jpg", "image/jpeg", PNG, "Files with multiple extensions are not allowed"],
      ["fake.png", "application/pdf", PNG, "File MIME type does not match extension"],
    ] as const) {
      const refused = await upload(user, name, type, content);
      expect([refused.statusCode, refused.json().error.message]).toEqual([400, message]);
    }
    const bare = await upload(user, "README", "text/plain", Buffer.from("hello"));
    expect([bare.statusCode, bare.json().error.fields.file]).toEqual([
      400,
      "The file name has no extension; allowed: .jpg, .jpeg, .png, .gif, .pdf, .doc, .docx, .txt, .md",
    ]);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a file one byte over 10 MB with 413", async () => {
    const user = await createUser(test.app);
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
    PNG.copy(big);
    const response = await upload(user, "big.png", "image/png", big);
    await expectRefused(response, 413, "file_too_large", "File size exceeds maximum of 10MB");
  });

  it("refuses text with NUL bytes and a bare zip named .docx", async () => {
    const user = await createUser(test.app);
    const binary = await upload(user, "notes.txt", "text/plain", Buffer.from("a\u0000b"));
    expect(binary.json().error.message).toBe("File MIME type does not match extension");
    const invalidUtf8 = await upload(user, "notes.txt", "text/plain", Buffer.from([0xc3, 0x28]));
    expect(invalidUtf8.statusCode).toBe(400);
    const bareZip = await upload(user, "report.docx", DOCX_TYPE, storedZip({ "a.txt": "hello" }));
    expect(bareZip.json().error.message).toBe("File MIME type does not match extension");
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a file over the plan's storage quota with the upgrade payload", async () => {
    const user = await createUser(test.app);
    // A recorded 1 GB file fills genesis' quota without writing a gigabyte.
    await test.database.db.insert(files).values({
      userId: user.id,
      name: "huge.pdf",
      size: 1024 ** 3,
      mimeType: "application/pdf",
      storageKey: `${user.id}/${randomUUID()}`,
    });
    const response = await upload(user, "pixel.png", "image/png", PNG);
    expectLimitReached(response, "Storage limit reached: 1 GB", "maxStorageGB", 1);
    expect(await storedFiles()).toEqual([]);
  });

  it("asks for the file field and leaves nothing behind when the body stops mid-file", async () => {
    const user = await createUser(test.app);
    const wrongField = await uploadForm("pixel.png", "image/png", PNG, "attachment");
    const missing = await test.app.inject({
      method: "POST",
      url: "/api/upload",
      headers: { ...user.auth, "content-type": wrongField.contentType },
      payload: wrongField.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ file: "Field is required" });
    const notMultipart = await request(test.app, user, "POST", "/api/upload", { file: "x" });
    expect(notMultipart.statusCode).toBe(400);
    const noBoundary = await test.app.inject({
      method: "POST",
      url: "/api/upload",
      headers: { ...user.auth, "content-type": "multipart/form-data" },
      payload: "abc",
    });
    expect([noBoundary.statusCode, noBoundary.json().error.code]).toEqual([400, "bad_request"]);

    const body = await uploadForm(
      "pixel.png",
      "image/png",
      Buffer.concat([PNG, Buffer.alloc(4096)]),
    );
    const cut = await test.app.inject({
      method: "POST",
      url: "/api/upload",
      headers: { ...user.auth, "content-type": body.contentType },
      payload: body.payload.subarray(0, body.payload.length - 200),
    });
    expect([cut.statusCode, cut.json().error.code]).toEqual([400, "upload_incomplete"]);
    expect(await storedFiles()).toEqual([]);
  });
  it("keeps a name without the characters that would show it as another file", async () => {
    const user = await createUser(test.app);
    const spoofed = await upload(user, "evil\u202Egpj.txt", "text/plain", Buffer.from("hello"));
    expect(spoofed.statusCode).toBe(201);
    expect(spoofed.json().file.name).toBe("evilgpj.txt");
    await request(test.app, user, "DELETE", `/api/files/${spoofed.json().file.id}`);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a body with two files and keeps neither, but takes one file beside a text field", async () => {
    const user = await createUser(test.app);
    const post = async (data: FormData) => {
      const body = await encodedForm(data);
      return test.app.inject({
        method: "POST",
        url: "/api/upload",
        headers: { ...user.auth, "content-type": body.contentType },
        payload: body.payload,
      });
    };
    const two = new FormData();
    two.append("file", new Blob([PNG], { type: "image/png" }), "one.png");
    two.append("file", new Blob([PNG], { type: "image/png" }), "two.png");
    const refused = await post(two);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ file: "Upload one file at a time" });
    expect(refused.json().error.fieldCodes).toEqual({
      file: { code: "one_file_only", params: {} },
    });
    expect(await storedFiles()).toEqual([]);
    expect((await request(test.app, user, "GET", "/api/files")).json().items).toEqual([]);

    const withNote = new FormData();
    withNote.append("file", new Blob([PNG], { type: "image/png" }), "one.png");
    withNote.append("note", "שלום");
    const stored = await post(withNote);
    expect(stored.statusCode).toBe(201);
    expect(stored.json().file.name).toBe("one.png");
    await request(test.app, user, "DELETE", `/api/files/${stored.json().file.id}`);
    expect(await storedFiles()).toEqual([]);
  });
});

describe("a user's files", () => {
  it("stores a PNG, lists it, counts it, downloads it byte for byte and deletes it", async () => {
    const owner = await createUser(test.app);
    const stranger = await createUser(test.app);
    const created = await upload(owner, "pixel.png", "image/png", PNG);
    expect(created.statusCode).toBe(201);
    const file = created.json().file;
    expect(file).toEqual({
      id: expect.any(String),
      name: "pixel.png",
      size: PNG.length,
      mimeType: "image/png",
      createdAt: expect.any(String),
    });
    expect(await storedFiles()).toHaveLength(1);

    const list = await request(test.app, owner, "GET", "/api/files");
    expect(list.json()).toEqual({ items: [file], usedBytes: PNG.length, limitBytes: 1024 ** 3 });

    const download = await request(test.app, owner, "GET", `/api/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="pixel.png"; filename*=UTF-8''pixel.png`,
    );
    expect(download.headers["x-content-type-options"]).toBe("nosniff");

    // Someone else's file is "not found", exactly like a missing one.
    for (const method of ["GET", "DELETE"] as const) {
      const theirs = await test.app.inject({
        method,
        url: `/api/files/${file.id}`,
        headers: stranger.auth,
      });
      expect(theirs.statusCode).toBe(404);
    }
    const strangersList = await request(test.app, stranger, "GET", "/api/files");
    expect(strangersList.json()).toMatchObject({ items: [], usedBytes: 0 });

    const removed = await request(test.app, owner, "DELETE", `/api/files/${file.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await storedFiles()).toEqual([]);
    const after = await request(test.app, owner, "GET", "/api/files");
    expect(after.json()).toMatchObject({ items: [], usedBytes: 0 });
    const gone = await request(test.app, owner, "GET", `/api/files/${file.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it("accepts text, .doc and .docx by their content, newest first", async () => {
    const owner = await createUser(test.app);
    const uploads = [
      await upload(owner, "notes.txt", "text/plain", Buffer.from("שלום, hello\n")),
      await upload(owner, "old.doc", "application/msword", CFB),
      await upload(owner, "report.docx", DOCX_TYPE, DOCX),
    ];
    expect(uploads.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const list = await request(test.app, owner, "GET", "/api/files");
    const names = list.json().items.map((item: { name: string }) => item.name);
    expect(names).toEqual(["report.docx", "old.doc", "notes.txt"]);
    const text = await request(test.app, owner, "GET", `/api/files/${uploads[0]?.json().file.id}`);
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.body).toBe("שלום, hello\n");
    for (const response of uploads) {
      await request(test.app, owner, "DELETE", `/api/files/${response.json().file.id}`);
    }
    expect(await storedFiles()).toEqual([]);
  });

  it("answers 404 to an id that is not a file id", async () => {
    const owner = await createUser(test.app);
    const response = await request(test.app, owner, "GET", "/api/files/not-a-uuid");
    expect(response.statusCode).toBe(404);
  });
});

describe("bytes a killed process left behind", () => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  /** Writes `content` at `file`, last written `minutes` before `now`. */
  async function writtenAgo(file: string, minutes: number, content = "some bytes") {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    await utimes(file, minutesAgo(minutes), minutesAgo(minutes));
  }

  it("are swept when the server starts, while bytes still being written or committed stay", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-incoming-"));
    const incoming = path.join(dataDir, "files", "incoming");
    const owner = path.join(dataDir, "files", randomUUID());
    const arriving = randomUUID();
    const committing = randomUUID();
    await writtenAgo(path.join(incoming, randomUUID()), 61, "half of a file");
    await writtenAgo(path.join(incoming, arriving), 5, "a file on its way");
    // Moved into place by an upload whose commit never came: no row refers to it.
    await writtenAgo(path.join(owner, randomUUID()), 61);
    await writtenAgo(path.join(owner, committing), 5);

    const restarted = await buildTestApp({ DATA_DIR: dataDir }, undefined, { clock: () => now });
    try {
      await vi.waitFor(async () => {
        expect(await readdir(incoming)).toEqual([arriving]);
        expect(await readdir(owner)).toEqual([committing]);
      });
    } finally {
      await restarted.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("keep every stored file a row refers to, however old", async () => {
    const owner = await createUser(test.app);
    const kept = await uploadFile(
      test.app,
      owner,
      "notes.txt",
      "text/plain",
      Buffer.from("kept\n"),
    );
    expect(kept.statusCode).toBe(201);
    const [row] = await test.database.db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(eq(files.id, kept.json().file.id));
    const storedAt = path.join(filesDir, ...(row?.storageKey ?? "").split("/"));
    await utimes(storedAt, minutesAgo(24 * 60), minutesAgo(24 * 60));
    const orphan = path.join(path.dirname(storedAt), randomUUID());
    await writtenAgo(orphan, 61);

    const service = createFileService({
      db: test.database.db,
      storage: createLocalStorage(filesDir),
    });
    expect(await service.sweepLeftovers(now)).toBeGreaterThanOrEqual(1);
    expect(await readdir(path.dirname(storedAt))).toEqual([path.basename(storedAt)]);
    const download = await request(test.app, owner, "GET", `/api/files/${kept.json().file.id}`);
    expect(download.body).toBe("kept\n");
  });
});
