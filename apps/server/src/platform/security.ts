// Security headers on every answer: helmet's set (a strict CSP among them) on pages, computed once at start rather
// than per request — @fastify/helmet rebuilds helmet's middleware, CSP parsing included, on every call
// (docs/decisions/209) — and on the API's answers the few that apply to a reply no browser renders as a page
// (docs/decisions/395-api-security-headers.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { matchedRouteOf } from "./route-list.js";

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // The app is served over plain HTTP on localhost too; HSTS belongs to the TLS proxy in front.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
};

/** The headers helmet sets with these options (none depends on the request: no CSP nonces), and those it removes. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): {
  set: Record<string, string>;
  removed: string[];
} {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      removed.push(name.toLowerCase());
    },
  };
  let failure: unknown = null;
  helmet(options)(
    {} as IncomingMessage,
    // Only setHeader and removeHeader are called on it.
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error ?? null;
    },
  );
  if (failure !== null) throw failure;
  return { set, removed };
}

/**
 * What an API answer (JSON, a stream, a download) carries: a CSP that lets it load nothing and be framed nowhere,
 * no MIME sniffing, no framing for old browsers, the referrer policy, and same-origin reads only. The rest of
 * helmet's set governs documents (opener isolation, DNS prefetching, agent clusters, IE and Flash switches).
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const kept = [
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-resource-policy",
  ];
  const headers: Record<string, string> = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of kept) {
    const value = page[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** An API route, answered with the API's headers; the reference page under /api/docs is a page. */
function isApiAnswer(route: string | null): boolean {
  return route?.startsWith("/api/") === true && !route.startsWith("/api/docs");
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { set, removed } = securityHeaders();
    const api = apiSecurityHeaders(set);
    app.pipeline.onRequest((request, reply, done) => {
      if (isApiAnswer(matchedRouteOf(request))) {
        reply.headers(api);
      } else {
        reply.headers(set);
        for (const name of removed) reply.raw.removeHeader(name);
      }
      done();
    });
  },
  { name: "security" },
);
