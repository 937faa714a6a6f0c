// Field failures carry a code the browser translates: the shared schemas give a form's check and the server's 400
// the same code and params, whether a built-in check or a custom one failed.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AutonomousRuleBody } from "./autonomous/index.js";
import { everyFieldError, fieldErrors, isFieldCode } from "./field-errors.js";
import { Email, requiredText, StrongPassword, Username } from "./validation/index.js";

const codesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe("field codes", () => {
  it("names the built-in check that failed, with its bound", () => {
    const schema = z.object({ name: requiredText(5), email: Email, username: Username });
    expect(codesOf(schema, { name: "", email: "x", username: "ab" })).toEqual({
      name: { code: "required", params: {} },
      email: { code: "invalid_email", params: {} },
      username: { code: "too_short", params: { min: 3 } },
    });
    expect(codesOf(schema, { name: "abcdef", email: "a@b.co", username: "a b c" })).toEqual({
      name: { code: "too_long", params: { max: 5 } },
      username: { code: "invalid_format", params: {} },
    });
    expect(codesOf(schema, {})).toMatchObject({ name: { code: "required" } });
  });

  it("takes a custom check's own code and params", () => {
    expect(codesOf(z.object({ password: StrongPassword }), { password: "weak" })).toEqual({
      password: { code: "weak_password", params: {} },
    });
    const rule = {
      name: "Watch",
      entityIds: ["a", "a"],
      prompt: "Go",
      trigger: "schedule",
      cron: "* *",
      maxRunsPerHour: 0,
      maxTokensPerDay: 10,
    };
    expect(codesOf(AutonomousRuleBody, rule)).toMatchObject({
      entityIds: { code: "duplicate" },
      cron: { code: "cron_fields" },
      maxRunsPerHour: { code: "runs_per_hour", params: { min: 1, max: 60 } },
    });
  });

  it("lists every code once, each known", () => {
    const codes = everyFieldError().map((field) => field.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every(isFieldCode)).toBe(true);
    expect(isFieldCode("Field is required")).toBe(false);
  });
});
