// One error type, one handler, one shape: {error: {code, message, params?, fields?}} with a code from the domain's
// union; unknown errors never leak their text.

import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import {
  type ErrorCode,
  type ErrorParams,
  type FieldError,
  type FieldFailure,
  fieldErrorOf,
  fieldErrors,
  fieldName,
  isKnownDetail,
} from "@aacos/domain/errors";
import { fieldMessages, MESSAGES } from "@aacos/domain/validation";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

/** Extra parts of an error reply besides its code, params and English message. */
export interface AppErrorOptions<C extends ErrorCode> {
  params?: ErrorParams<C>;
  /**
   * The fields at fault: each one's English text goes to the reply's `fields` (for integrators), its code and params
   * to `fieldCodes` (what the browser translates; docs/decisions/244-field-error-codes.md).
   */
  fields?: Record<string, FieldFailure>;
  /** Extra top-level body fields (for example the upgrade payload of a limit). */
  extra?: Record<string, unknown>;
}

/** The options argument: required (with params) when the code's params have required parts. */
type OptionsArg<C extends ErrorCode> =
  Record<string, never> extends ErrorParams<C>
    ? [options?: AppErrorOptions<C>]
    : [options: AppErrorOptions<C> & { params: ErrorParams<C> }];

/** The one error the features throw: only a code of the union (packages/domain/src/errors.ts), with its params. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly params: ErrorParams<C> | undefined;
  readonly fields: Record<string, FieldFailure> | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly code: C,
    readonly statusCode: number,
    message: string,
    ...[options]: OptionsArg<C>
  ) {
    super(message);
    this.params = options?.params;
    this.fields = options?.fields;
    this.extra = options?.extra;
  }
}

/** The meanings of a code with several whose params are only the meaning itself (given as a bare string). */
type BareMeaning<C extends "not_found" | "conflict" | "unauthorized" | "forbidden"> =
  ErrorParams<C> extends infer P
    ? P extends Record<string, unknown>
      ? Record<string, never> extends Omit<P, "subject" | "reason">
        ? P[keyof P & ("subject" | "reason")]
        : never
      : never
    : never;

export const notFound = (
  subject: BareMeaning<"not_found"> | ErrorParams<"not_found">,
  what: string,
) =>
  new AppError("not_found", 404, what, {
    params: typeof subject === "string" ? ({ subject } as ErrorParams<"not_found">) : subject,
  });
export const unauthorized = (
  reason: BareMeaning<"unauthorized"> = "auth_required",
  message = "Authentication required",
) => new AppError("unauthorized", 401, message, { params: { reason } });
export const forbidden = (
  reason: BareMeaning<"forbidden"> = "insufficient_permissions",
  message = "You do not have sufficient permissions",
) => new AppError("forbidden", 403, message, { params: { reason } });
export const conflict = (
  reason: BareMeaning<"conflict"> | ErrorParams<"conflict">,
  message: string,
  fields?: Record<string, FieldFailure>,
) =>
  new AppError("conflict", 409, message, {
    params: typeof reason === "string" ? ({ reason } as ErrorParams<"conflict">) : reason,
    ...(fields ? { fields } : {}),
  });
export const tooManyRequests = (message: string, params: ErrorParams<"rate_limited">) =>
  new AppError("rate_limited", 429, message, {
    params,
    extra: { retryAfter: params.retryAfter },
  });
/** A 400 naming the fields at fault (each a `fieldFailure(english, code, params)`). */
export const validationFailed = (fields: Record<string, FieldFailure>) =>
  new AppError("validation_failed", 400, MESSAGES.validationFailed, { fields });

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
  error: {
    code: ErrorCode;
    message: string;
    params?: Record<string, unknown>;
    fields?: Record<string, string>;
    fieldCodes?: Record<string, FieldError>;
  };
  [extra: string]: unknown;
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
      if (error instanceof AppError) {
        if (!isKnownDetail(error.code, error.params)) return refuseUnknown(error, request, reply);
        const body: ErrorBody = {
          error: {
            code: error.code,
            message: error.message,
            ...(error.params && Object.keys(error.params).length > 0
              ? { params: error.params }
              : {}),
            ...(error.fields ? splitFields(error.fields) : {}),
          },
          ...error.extra,
        };
        if (error.statusCode === 429 && typeof error.extra?.retryAfter === "number") {
          reply.header("retry-after", String(error.extra.retryAfter));
        }
        return reply.status(error.statusCode).send(body);
      }
      if (error instanceof ZodError) {
        return reply.status(400).send(errorBodyForFields(fieldMessages(error), fieldErrors(error)));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        const codes: Record<string, FieldError> = {};
        for (const failure of error.validation) {
          // The zod issue, as fastify-type-provider-zod spread it over the validation entry.
          const issue = { ...failure.params, code: failure.keyword } as Parameters<
            typeof fieldErrorOf
          >[0];
          const name = fieldName(
            failure.instancePath.replace(/^\//, "").split("/").filter(Boolean),
          );
          fields[name] ??= failure.message ?? MESSAGES.invalidFormat;
          codes[name] ??= fieldErrorOf(issue);
        }
        return reply.status(400).send(errorBodyForFields(fields, codes));
      }
      // Two requests racing to create the same thing: the loser hears 409, never 500. Features that know which
      // field the constraint guards catch it themselves and name the field.
      if (uniqueViolation(error) !== null) {
        return reply.status(409).send({
          error: {
            code: "conflict",
            message: ALREADY_EXISTS_MESSAGE,
            params: { reason: "already_exists" },
          },
        } satisfies ErrorBody);
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported media type).
        const code = (error as FastifyError).code;
        return reply.status(status).send({
          error: {
            code: isKnownDetail(code, undefined) ? code : "bad_request",
            message: error.message,
          },
        } satisfies ErrorBody);
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(INTERNAL_ERROR_BODY);
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        error: {
          code: "not_found",
          message: `No route for ${request.method} ${request.url}`,
          params: { subject: "route", method: request.method, url: request.url },
        },
      } satisfies ErrorBody);
    });
  },
  { name: "errors" },
);

/**
 * Fastify's `frameworkErrors`: a request it cannot route (an address whose percent-encoding is not UTF-8, such as
 * `/api/files/%ff`) is answered in the one error shape, not Fastify's own, before any hook runs.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.status(400).send({
    error: { code: "bad_request", message: error.message },
  } satisfies ErrorBody);
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request's headers are too large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request did not arrive in time" },
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request (headers over its
 * limit, a request that never finished arriving, bytes that are not HTTP) is answered in the one error shape too.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ""] ?? {
    status: 400,
    message: "The request is not valid HTTP",
  };
  const body = JSON.stringify({ error: { code: "bad_request", message } } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The reply's two views of the fields at fault: English texts, and codes with params. */
function splitFields(failures: Record<string, FieldFailure>) {
  const fields: Record<string, string> = {};
  const fieldCodes: Record<string, FieldError> = {};
  for (const [name, { message, ...code }] of Object.entries(failures)) {
    fields[name] = message;
    fieldCodes[name] = code as FieldError;
  }
  return { fields, fieldCodes };
}

function errorBodyForFields(
  fields: Record<string, string>,
  fieldCodes: Record<string, FieldError>,
): ErrorBody {
  return {
    error: { code: "validation_failed", message: MESSAGES.validationFailed, fields, fieldCodes },
  };
}

export const INTERNAL_ERROR_BODY = {
  error: { code: "internal_error", message: "Something went wrong on our side" },
} as const satisfies ErrorBody;

/**
 * An AppError whose code or meaning the union does not hold (only a cast can make one): logged, and answered as an
 * internal error so no untranslatable code reaches a browser. Tests see the log line and the 500.
 */
function refuseUnknown(error: AppError, request: FastifyRequest, reply: FastifyReply) {
  request.log.error(
    { code: error.code, params: error.params },
    "error code outside the union (packages/domain/src/errors.ts)",
  );
  return reply.status(500).send(INTERNAL_ERROR_BODY);
}
