// Refuses a NUL character anywhere in a request's input (path parameters, query, JSON body strings and keys) with
// 400 and the field's name, before any schema or handler sees it: PostgreSQL cannot store NUL in text or jsonb, and
// the failure used to surface as a 500 on every route that passed such a value to a query.
import { fieldFailure } from "@aacos/domain/errors";
import { MESSAGES } from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { validationFailed } from "./errors.js";

/** The dotted path (as the error handler names fields) of the first string or key holding NUL; null when none. */
export function nulFieldOf(input: unknown): string | null {
  // Iterative, so a deeply nested JSON body cannot overflow the stack.
  const pending: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === undefined) break;
    const { value, path } = item;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return path.join(".") || "_";
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of entries) {
      const name = String(key);
      if (name.includes("\u0000")) return path.join(".") || "_";
      pending.push({ value: child, path: [...path, name] });
    }
  }
  return null;
}

export const nulGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // preValidation: the body is parsed by then, and no schema, handler or query has run.
    app.pipeline.preValidation((request, _reply, done) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = nulFieldOf(part);
        if (field !== null)
          throw validationFailed({
            [field]: fieldFailure(MESSAGES.invalidFormat, "invalid_format"),
          });
      }
      done();
    });
  },
  { name: "nul-guard" },
);
