// The upload rules added beside checkUpload: name-only checks, magic bytes per extension, plan size and quota.
import { describe, expect, it } from "vitest";
import {
  checkUploadLimits,
  checkUploadName,
  contentMatchesExtension,
  shownFileName,
} from "./upload.js";

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe("checkUploadName", () => {
  it("decides extension rules before any byte arrives", () => {
    expect(checkUploadName("Photo.JPG")).toEqual({ ok: true, extension: "jpg" });
    expect(checkUploadName("x.exe")).toEqual({
      ok: false,
      status: 400,
      message: "File type .exe is not allowed",
      field: { code: "file_type_not_allowed", params: { extension: "exe" } },
    });
    expect(checkUploadName("photo.php.jpg")).toMatchObject({
      message: "Files with multiple extensions are not allowed",
    });
  });

  it("says a name without an extension has none, and which it may have", () => {
    for (const name of ["README", "notes.", "a..", ""]) {
      expect(checkUploadName(name)).toEqual({
        ok: false,
        status: 400,
        message:
          "The file name has no extension; allowed: .jpg, .jpeg, .png, .gif, .pdf, .doc, .docx, .txt, .md",
        field: {
          code: "missing_extension",
          params: { allowed: ".jpg, .jpeg, .png, .gif, .pdf, .doc, .docx, .txt, .md" },
        },
      });
    }
  });
});

describe("shownFileName", () => {
  it("drops what reorders or hides characters, and keeps Hebrew and its marks", () => {
    expect(shownFileName("evil\u202Egpj.txt")).toBe("evilgpj.txt");
    expect(shownFileName("\u2067report\u2069.pdf")).toBe("report.pdf");
    expect(shownFileName("a\tb\u0007c\u0085d.txt")).toBe("a bcd.txt");
    expect(shownFileName(" \n דו״ח\u200F 2026.pdf ")).toBe("דו״ח\u200F 2026.pdf");
  });
});

describe("contentMatchesExtension", () => {
  it("wants the signature file-type detects, and plain text for .txt", () => {
    expect(contentMatchesExtension("png", { detectedMime: "image/png", isPlainText: false })).toBe(
      true,
    );
    expect(
      contentMatchesExtension("png", {
        detectedMime: "application/x-msdownload",
        isPlainText: false,
      }),
    ).toBe(false);
    expect(contentMatchesExtension("pdf", { detectedMime: undefined, isPlainText: true })).toBe(
      false,
    );
    expect(
      contentMatchesExtension("doc", { detectedMime: "application/x-cfb", isPlainText: false }),
    ).toBe(true);
    expect(
      contentMatchesExtension("docx", { detectedMime: "application/zip", isPlainText: false }),
    ).toBe(false);
    expect(contentMatchesExtension("txt", { detectedMime: undefined, isPlainText: true })).toBe(
      true,
    );
    expect(contentMatchesExtension("txt", { detectedMime: undefined, isPlainText: false })).toBe(
      false,
    );
  });
});

describe("checkUploadLimits", () => {
  const genesis = { maxFileSizeMb: 10, maxStorageGB: 1 };
  it("passes what fits, counting what the user already stores", () => {
    expect(checkUploadLimits({ ...genesis, size: MB, usedBytes: GB - MB })).toEqual({ ok: true });
    expect(checkUploadLimits({ ...genesis, size: MB, usedBytes: GB - MB + 1 })).toEqual({
      ok: false,
      status: 403,
      message: "Storage limit reached: 1 GB",
      reason: "maxStorageGB",
    });
  });
  it("applies the plan's file size in megabytes, and −1 as unlimited", () => {
    expect(
      checkUploadLimits({ maxFileSizeMb: 5, maxStorageGB: 1, size: 5 * MB + 1, usedBytes: 0 }),
    ).toMatchObject({
      status: 413,
      message: "File size exceeds maximum of 5MB",
      reason: "maxFileSize",
    });
    expect(
      checkUploadLimits({
        maxFileSizeMb: -1,
        maxStorageGB: -1,
        size: 100 * GB,
        usedBytes: 100 * GB,
      }),
    ).toEqual({ ok: true });
  });
});
