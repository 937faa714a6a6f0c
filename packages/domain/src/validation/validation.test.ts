// The validation rules and messages of docs/product.md §5, word for word.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AutonomousRuleBody } from "../autonomous/index.js";
import { BatchRunBody } from "../jobs/index.js";
import {
  CommandBody,
  checkUpload,
  disallowedPasswordCharacters,
  Email,
  escapeHtml,
  fieldMessages,
  isPhone,
  isStrongPassword,
  isUrl,
  MAX_INPUT_LENGTH,
  MESSAGES,
  passwordChecks,
  requiredText,
  StrongPassword,
  sanitizeInput,
  Username,
  uploadProgressPercent,
} from "./index.js";

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

/** Passwords and whether the strong-password rule takes them; each weak one says what it lacks. */
const PASSWORDS: [value: string, strong: boolean][] = [
  ["Quantum1!", true],
  ["quantum1!", false], // no uppercase letter
  ["QUANTUM1!", false], // no lowercase letter
  ["Quantum!!", false], // no digit
  ["Quantum11", false], // none of @$!%*?&
  ["QUANTUM11", false], // neither a lowercase letter nor one of @$!%*?&
  ["Qu1!", false], // under 8 characters
  ["Quantum1!#", false], // # is not an allowed character
];

describe("messages", () => {
  it("are the spec's texts", () => {
    expect(MESSAGES.required).toBe("Field is required");
    expect(MESSAGES.invalidEmail).toBe("Invalid email format");
    expect(MESSAGES.minLength(3)).toBe("Minimum length is 3");
    expect(MESSAGES.maxLength(10)).toBe("Maximum length is 10");
    expect(MESSAGES.invalidFormat).toBe("Invalid format");
    expect(MESSAGES.validationFailed).toBe("Validation failed");
    expect(MESSAGES.fileTooLarge(10)).toBe("File size exceeds maximum of 10MB");
    expect(MESSAGES.fileTypeNotAllowed("exe")).toBe("File type .exe is not allowed");
    expect(MESSAGES.multipleExtensions).toBe("Files with multiple extensions are not allowed");
    expect(MESSAGES.mimeMismatch).toBe("File MIME type does not match extension");
    expect(MAX_INPUT_LENGTH).toBe(10000);
  });
});

describe("fields", () => {
  it("require trimmed text", () => {
    expect(firstMessage(requiredText(), "   ")).toBe("Field is required");
    expect(firstMessage(requiredText(), undefined)).toBe("Field is required");
    expect(firstMessage(requiredText(), null)).toBe("Field is required");
    expect(requiredText().parse("  hi ")).toBe("hi");
    expect(firstMessage(requiredText(), "x".repeat(10001))).toBe("Maximum length is 10000");
  });

  it("check e-mail shape", () => {
    expect(Email.parse("dana@example.co.il")).toBe("dana@example.co.il");
    for (const bad of ["dana", "dana@example", "da na@example.com", "@example.com"]) {
      expect(firstMessage(Email, bad)).toBe("Invalid email format");
    }
  });

  it("check phones, URLs and usernames", () => {
    expect(isPhone("+972 (3) 555-1234")).toBe(true);
    expect(isPhone("555-1234")).toBe(false);
    expect(isPhone("0501234567x")).toBe(false);
    expect(isUrl("https://aacos.example/tiers")).toBe(true);
    expect(isUrl("not a url")).toBe(false);
    expect(firstMessage(Username, "ab")).toBe("Minimum length is 3");
    expect(firstMessage(Username, "dana cohen")).toBe("Invalid format");
    expect(firstMessage(Username, "d".repeat(33))).toBe("Maximum length is 32");
  });

  it("accept only strong passwords of the allowed characters", () => {
    for (const [value, strong] of PASSWORDS) expect(isStrongPassword(value), value).toBe(strong);
    expect(firstMessage(StrongPassword, "weak")).toBe(MESSAGES.weakPassword);
  });

  it("split the password rule into parts that agree with it", () => {
    expect(passwordChecks("")).toEqual({
      minLength: false,
      lowercase: false,
      uppercase: false,
      digit: false,
      special: false,
      allowedCharacters: true,
    });
    expect(passwordChecks("Quantum1#")).toMatchObject({ special: false, allowedCharacters: false });
    for (const [value, strong] of PASSWORDS) {
      expect(Object.values(passwordChecks(value)).every(Boolean), value).toBe(strong);
    }
  });

  it("names each character the password rule does not allow, once, in the order typed", () => {
    expect(disallowedPasswordCharacters("Quantum1!")).toEqual([]);
    expect(disallowedPasswordCharacters("Qu#an tum#1ש")).toEqual(["#", " ", "ש"]);
  });

  it("report the first message of each field", () => {
    const schema = z.object({ email: Email, username: Username });
    const result = schema.safeParse({ email: "nope", username: "" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldMessages(result.error)).toEqual({
        email: "Invalid email format",
        username: "Field is required",
      });
    }
  });
});

describe("sanitising", () => {
  it("removes brackets, javascript: and inline handlers", () => {
    expect(sanitizeInput('<img src=x onerror="alert(1)">')).toBe('img src=x "alert(1)"');
    expect(sanitizeInput("JavaScript:alert(1)")).toBe("alert(1)");
  });

  it("escapes HTML", () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
    );
  });
});

describe("uploads", () => {
  const mb = 1024 * 1024;
  it("accept allowed files", () => {
    expect(checkUpload({ name: "notes.TXT", size: 10, mimeType: "text/plain" })).toEqual({
      ok: true,
      extension: "txt",
    });
    expect(checkUpload({ name: "scan.pdf", size: 10 * mb, mimeType: "application/pdf" }).ok).toBe(
      true,
    );
  });

  it("refuse with the spec's messages", () => {
    expect(checkUpload({ name: "run.exe", size: 1, mimeType: "application/x-msdownload" })).toEqual(
      {
        ok: false,
        status: 400,
        message: "File type .exe is not allowed",
        field: { code: "file_type_not_allowed", params: { extension: "exe" } },
      },
    );
    expect(checkUpload({ name: "photo.php.jpg", size: 1, mimeType: "image/jpeg" })).toEqual({
      ok: false,
      status: 400,
      message: "Files with multiple extensions are not allowed",
      field: { code: "multiple_extensions", params: {} },
    });
    expect(checkUpload({ name: "big.png", size: 10 * mb + 1, mimeType: "image/png" })).toEqual({
      ok: false,
      status: 413,
      message: "File size exceeds maximum of 10MB",
      field: { code: "file_too_large", params: { max: 10 } },
    });
    expect(checkUpload({ name: "fake.png", size: 1, mimeType: "application/pdf" })).toEqual({
      ok: false,
      status: 400,
      message: "File MIME type does not match extension",
      field: { code: "mime_mismatch", params: {} },
    });
  });

  it("report progress as a rounded percentage", () => {
    expect(uploadProgressPercent(1, 3)).toBe(33);
    expect(uploadProgressPercent(2, 3)).toBe(67);
    expect(uploadProgressPercent(0, 0)).toBe(0);
  });
});

describe("the entities one prompt addresses", () => {
  const a = "8a7b2c1d-1111-4aaa-8bbb-0123456789ab";
  const b = "8a7b2c1d-2222-4aaa-8bbb-0123456789ab";
  const entityIds = (schema: z.ZodType, value: unknown, extra: object) => {
    const parsed = schema.safeParse({ prompt: "Go", ...extra, entityIds: value });
    return parsed.success ? undefined : fieldMessages(parsed.error).entityIds;
  };

  it("asks for one to the cap, each named once, in the command centre and a batch run alike", () => {
    for (const [schema, cap, many] of [
      [CommandBody, 10, "At most 10 entities per command"],
      [BatchRunBody, 20, "At most 20 entities per batch"],
    ] as const) {
      expect(entityIds(schema, [a, b], {})).toBeUndefined();
      expect(entityIds(schema, [], {})).toBe(MESSAGES.required);
      expect(entityIds(schema, [a, a], {})).toBe("Each entity may be named once");
      expect(
        entityIds(
          schema,
          Array.from({ length: cap + 1 }, (_, i) => a.replace(/^.{8}/, String(i).padStart(8, "0"))),
          {},
        ),
      ).toBe(many);
    }
  });

  it("asks an autonomous rule for its entities when the field is not a list", () => {
    expect(entityIds(AutonomousRuleBody, "x", { name: "R", trigger: "manual" })).toBe(
      MESSAGES.required,
    );
  });
});
