// On-the-fly compression of in-memory replies (JSON and other text over about 1 KB): brotli for clients that accept
// it, gzip for the rest. Streams — static files (precompressed at build time), server-sent events, CSV exports — and
// WebSocket upgrades pass through untouched. docs/decisions/170-compression.md.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Below this a compressed reply saves less than the extra header and CPU cost. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE =
  /^(?:application\/(?:json|problem\+json|javascript|xml)|text\/|image\/svg\+xml)/;

export type Encoding = "br" | "gzip";

/** The best encoding the client accepts (brotli over gzip; `q=0` refuses one), or null for none. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptEncoding === undefined) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const wildcard = accepted.get("*");
  const allows = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}

/** Adds accept-encoding to Vary without repeating it. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader("vary");
  const value = Array.isArray(current) ? current.join(", ") : String(current ?? "");
  if (value === "") reply.header("vary", "accept-encoding");
  else if (!/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(value))
    reply.header("vary", `${value}, accept-encoding`);
}

export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  // Quality 5 keeps on-the-fly brotli about as fast as gzip while still smaller.
  return encoding === "br"
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(body, { level: 6 });
}

/** The body to compress and how, or null when the payload goes out as it is. */
function compressionOf(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): { body: Buffer; encoding: Encoding } | null {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return null;
  // Most replies are small: a string of fewer than a third as many characters as the threshold is under it in any
  // encoding, so it is not even measured.
  if (typeof payload === "string" && payload.length * 3 < COMPRESS_MIN_BYTES) return null;
  if (request.method === "HEAD" || reply.getHeader("content-encoding") !== undefined) return null;
  const type = String(reply.getHeader("content-type") ?? "");
  if (!COMPRESSIBLE.test(type)) return null;
  const cacheControl = String(reply.getHeader("cache-control") ?? "");
  if (cacheControl.includes("no-transform")) return null;
  const body = typeof payload === "string" ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_MIN_BYTES) return null;
  varyOnAcceptEncoding(reply);
  const encoding = negotiateEncoding(request.headers["accept-encoding"]);
  return encoding === null ? null : { body, encoding };
}

/**
 * The onSend hook: compresses string and Buffer payloads of a compressible type over COMPRESS_MIN_BYTES. A callback
 * hook, so the replies it leaves alone (most) pass without a promise and a microtask.
 */
export function compressReply(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const plan = compressionOf(request, reply, payload);
  if (plan === null) {
    done(null, payload);
    return;
  }
  compressBody(plan.body, plan.encoding).then(
    (compressed) => {
      reply.header("content-encoding", plan.encoding);
      reply.removeHeader("content-length");
      done(null, compressed);
    },
    (error: Error) => done(error),
  );
}
