// One error type, one handler, one shape: {error: {code, message, fields?}}; unknown errors never leak their text.
import { fieldMessages, MESSAGES } from "@aacos/domain/validation";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra top-level body fields (for example the upgrade payload of a limit). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Not found") => new AppError("not_found", 404, what);
export const unauthorized = (message = "Authentication required") =>
  new AppError("unauthorized", 401, message);
export const forbidden = (message = "You do not have sufficient permissions") =>
  new AppError("forbidden", 403, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError("conflict", 409, message, fields);
export const tooManyRequests = (message: string, retryAfter: number) =>
  new AppError("rate_limited", 429, message, undefined, { retryAfter });
export const validationFailed = (fields: Record<string, string>) =>
  new AppError("validation_failed", 400, MESSAGES.validationFailed, fields);

/**
 * The constraint a unique violation (SQLSTATE 23505) hit, from PostgreSQL or PGlite, directly or wrapped in
 * Drizzle's query error; null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current instanceof Object && depth < 4; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const ALREADY_EXISTS_MESSAGE = "This already exists";

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
  [extra: string]: unknown;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
        ...error.extra,
      };
      if (error.statusCode === 429 && typeof error.extra?.retryAfter === "number") {
        reply.header("retry-after", String(error.extra.retryAfter));
      }
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(errorBodyForFields(fieldMessages(error)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        fields[name] ??= issue.message ?? MESSAGES.invalidFormat;
      }
      return reply.status(400).send(errorBodyForFields(fields));
    }
    // Two requests racing to create the same thing: the loser hears 409, never 500. Features that know which
    // field the constraint guards catch it themselves and name the field.
    if (uniqueViolation(error) !== null) {
      return reply
        .status(409)
        .send({ error: { code: "conflict", message: ALREADY_EXISTS_MESSAGE } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.status(status).send({
        error: { code: (error as FastifyError).code ?? "bad_request", message: error.message },
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ error: { code: "internal_error", message: "Something went wrong on our side" } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: "not_found", message: `No route for ${request.method} ${request.url}` },
    });
  });
});

function errorBodyForFields(fields: Record<string, string>): ErrorBody {
  return { error: { code: "validation_failed", message: MESSAGES.validationFailed, fields } };
}
