// Security headers on every answer: helmet's set (a strict CSP among them), computed once at start rather than per
// request — @fastify/helmet rebuilds helmet's middleware, CSP parsing included, on every call (docs/decisions/209).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

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

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { set, removed } = securityHeaders();
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(set);
      for (const name of removed) reply.raw.removeHeader(name);
      done();
    });
  },
  { name: "security" },
);
