// The error-report rules: caps, secret scrubbing and what makes two reports "the same error".
import { describe, expect, it } from "vitest";
import {
  ERROR_REPORT_LIMITS,
  ErrorReportBatch,
  fingerprintSource,
  normaliseMessage,
  REDACTED,
  SecurityIncidentBody,
  scrubSecrets,
  scrubText,
  topStackFrame,
} from "../validation/index.js";

const JWT =
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

describe("error report batches", () => {
  it("takes 1 to 10 reports", () => {
    const report = { message: "boom" };
    expect(ErrorReportBatch.safeParse({ reports: [report] }).success).toBe(true);
    expect(ErrorReportBatch.safeParse({ reports: [] }).success).toBe(false);
    const eleven = Array.from({ length: 11 }, () => report);
    expect(ErrorReportBatch.safeParse({ reports: eleven }).success).toBe(false);
  });

  it("caps message, stack and breadcrumbs", () => {
    const long = "x".repeat(ERROR_REPORT_LIMITS.messageLength + 1);
    expect(ErrorReportBatch.safeParse({ reports: [{ message: long }] }).success).toBe(false);
    const stack = "x".repeat(ERROR_REPORT_LIMITS.stackLength + 1);
    expect(ErrorReportBatch.safeParse({ reports: [{ message: "m", stack }] }).success).toBe(false);
    const breadcrumbs = Array.from({ length: 51 }, () => ({ message: "click" }));
    expect(ErrorReportBatch.safeParse({ reports: [{ message: "m", breadcrumbs }] }).success).toBe(
      false,
    );
  });

  it("requires a count on an incident", () => {
    expect(SecurityIncidentBody.safeParse({ activity: "x" }).success).toBe(false);
    expect(SecurityIncidentBody.safeParse({ activity: "x", count: 6 }).success).toBe(true);
  });
});

describe("scrubSecrets", () => {
  it("redacts secret-named keys at any depth", () => {
    const scrubbed = scrubSecrets({
      breadcrumbs: [{ data: { password: "hunter2", nested: { api_key: "k", Cookie: "c" } } }],
      code: "123456",
      statusCode: 500,
      keep: "visible",
    });
    expect(scrubbed).toEqual({
      breadcrumbs: [
        { data: { password: REDACTED, nested: { api_key: REDACTED, Cookie: REDACTED } } },
      ],
      code: REDACTED,
      statusCode: 500,
      keep: "visible",
    });
  });

  it("redacts bearer tokens, JWTs and secret query parameters in text", () => {
    expect(scrubText("failed with Authorization: Bearer abc.def-123")).toBe(
      `failed with Authorization: Bearer ${REDACTED}`,
    );
    expect(scrubText(`token ${JWT} expired`)).toBe(`token ${REDACTED} expired`);
    expect(scrubText("https://x.test/cb?code=abc&state=xyz&page=2")).toBe(
      `https://x.test/cb?code=${REDACTED}&state=${REDACTED}&page=2`,
    );
  });

  it("does not change its input", () => {
    const input = { password: "p" };
    scrubSecrets(input);
    expect(input.password).toBe("p");
  });
});

describe("fingerprints", () => {
  it("ignores ids and numbers in the message", () => {
    expect(normaliseMessage("User 42 not found (a1b2c3d4-0000-4000-8000-123456789abc)")).toBe(
      "User <n> not found (<id>)",
    );
    const a = fingerprintSource({ type: "TypeError", message: "Item 17 missing" });
    const b = fingerprintSource({ type: "TypeError", message: "Item 99 missing" });
    expect(a).toBe(b);
    expect(fingerprintSource({ type: "RangeError", message: "Item 17 missing" })).not.toBe(a);
  });

  it("takes the top frame of V8 and Firefox stacks", () => {
    expect(
      topStackFrame("TypeError: x\n    at render (https://a.test/app.js?v=3:10:5)\n    at b"),
    ).toBe("at render (https://a.test/app.js:10:5)");
    expect(topStackFrame("render@https://a.test/app.js:10:5\nb@c:1:1")).toBe(
      "render@https://a.test/app.js:10:5",
    );
    expect(topStackFrame(undefined)).toBe("");
  });
});
