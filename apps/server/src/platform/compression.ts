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

/** The onSend hook: compresses string and Buffer payloads of a compressible type over COMPRESS_MIN_BYTES. */
export async function compressReply(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
  if (request.method === "HEAD" || reply.getHeader("content-encoding") !== undefined)
    return payload;
  const type = String(reply.getHeader("content-type") ?? "");
  if (!COMPRESSIBLE.test(type)) return payload;
  const cacheControl = String(reply.getHeader("cache-control") ?? "");
  if (cacheControl.includes("no-transform")) return payload;
  const body = typeof payload === "string" ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_MIN_BYTES) return payload;
  varyOnAcceptEncoding(reply);
  const encoding = negotiateEncoding(request.headers["accept-encoding"]);
  if (encoding === null) return payload;
  const compressed = await compressBody(body, encoding);
  reply.header("content-encoding", encoding);
  reply.removeHeader("content-length");
  return compressed;
}
