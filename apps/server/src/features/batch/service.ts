// Batches (docs/product.md §7 POST /batch): several calls of this same API in one request, each answered with its own status.

import { type TierName, UNLIMITED, type WorldName } from "@aacos/domain/catalog";
import { fieldFailure } from "@aacos/domain/errors";
import type { SubResponse } from "@aacos/domain/replies";
import { MESSAGES } from "@aacos/domain/validation";
import { z } from "zod";
import { validationFailed } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";
import { BATCH_ITEM_HEADER } from "../../platform/metering.js";

export const BATCH_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type BatchMethod = (typeof BATCH_METHODS)[number];

/** Marks a call made by a batch, so a batch can never start another one (and metering counts it as a plan call). */
export const BATCH_HEADER = BATCH_ITEM_HEADER;

const BATCH_PATH = "/api/batch";
const ORIGIN = "http://batch.invalid";

/** The path and query a sub-request may call: one of this API's URLs, never a batch; null when it may not. */
export function subRequestTarget(url: string): string | null {
  if (!url.startsWith("/api/") || url.includes("\\")) return null;
  let parsed: URL;
  let decodedPath: string;
  try {
    parsed = new URL(url, ORIGIN);
    // The router decodes percent-escapes, so "/api/%62atch" must count as the batch route too.
    decodedPath = decodeURIComponent(parsed.pathname).toLowerCase();
  } catch {
    return null;
  }
  if (parsed.origin !== ORIGIN || !parsed.pathname.startsWith("/api/")) return null;
  if (decodedPath === BATCH_PATH || decodedPath.startsWith(`${BATCH_PATH}/`)) return null;
  return parsed.pathname + parsed.search;
}

export const BatchBody = z.object({
  requests: z
    .array(
      z.object({
        method: z.enum(BATCH_METHODS, { error: MESSAGES.invalidFormat }),
        url: z
          .string({ error: MESSAGES.required })
          .max(2048, MESSAGES.maxLength(2048))
          .refine((url) => subRequestTarget(url) !== null, MESSAGES.invalidFormat),
        body: z.unknown().optional(),
      }),
      { error: MESSAGES.required },
    )
    .min(1, MESSAGES.minLength(1)),
});
export type BatchBody = z.infer<typeof BatchBody>;

export interface BatchCaller {
  tier: string;
  world: string;
  /** The caller's own Authorization header, passed on to every sub-request. */
  authorization: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** One sub-request's answer (domain batch/replies.ts). */
export type { SubResponse };

/** How a sub-request reaches the app (Fastify's inject, so every hook — auth, metering — runs as for a real call). */
export type Dispatch = (request: {
  method: BatchMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;

function bodyOf(response: { headers: Record<string, unknown>; body: string }): unknown {
  if (response.body === "") return null;
  const type = String(response.headers["content-type"] ?? "");
  if (type.includes("json")) {
    try {
      return JSON.parse(response.body);
    } catch {
      return response.body;
    }
  }
  // Downloads and other binary answers do not fit in JSON; their status still tells the outcome.
  return type.startsWith("text/") ? response.body : null;
}

export type BatchService = ReturnType<typeof createBatchService>;

export function createBatchService(deps: { dispatch: Dispatch }) {
  return {
    /** Runs the calls one after another (in order, so later ones see earlier writes) up to the plan's maximum. */
    async run(caller: BatchCaller, body: BatchBody): Promise<{ responses: SubResponse[] }> {
      const limits = effectiveLimits(caller.tier as TierName, caller.world as WorldName);
      const maximum = limits.maxBatchOperations;
      if (maximum !== UNLIMITED && body.requests.length > maximum) {
        throw validationFailed({
          requests: fieldFailure(MESSAGES.maxLength(maximum), "too_many", { max: maximum }),
        });
      }
      const responses: SubResponse[] = [];
      for (const request of body.requests) {
        const target = subRequestTarget(request.url);
        if (target === null)
          throw validationFailed({
            requests: fieldFailure(MESSAGES.invalidFormat, "invalid_format"),
          });
        const headers: Record<string, string> = { [BATCH_HEADER]: "1", accept: "application/json" };
        if (caller.authorization !== undefined) headers.authorization = caller.authorization;
        if (caller.userAgent !== undefined) headers["user-agent"] = caller.userAgent;
        const hasBody = request.body !== undefined && request.method !== "GET";
        if (hasBody) headers["content-type"] = "application/json";
        const response = await deps.dispatch({
          method: request.method,
          url: target,
          headers,
          ...(hasBody ? { payload: JSON.stringify(request.body) } : {}),
          remoteAddress: caller.ip,
        });
        responses.push({ status: response.statusCode, body: bodyOf(response) });
      }
      return { responses };
    },
  };
}
