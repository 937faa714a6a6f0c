// GET /api/catalog: both plan models (tiers and worlds) for the tier chooser and the pricing pages — the live
// catalogue, with admins' overrides (features/admin-settings). Answered from memory: the JSON and its compressed forms
// are made once per catalogue (a change of settings makes a new catalogue object).
import type { Catalog } from "@aacos/domain/catalog";
import type { FastifyInstance } from "fastify";
import {
  COMPRESS_MIN_BYTES,
  compressBody,
  type Encoding,
  negotiateEncoding,
  varyOnAcceptEncoding,
} from "../../platform/compression.js";
import { currentCatalog } from "../../platform/live-catalog.js";

interface Prepared {
  json: Buffer;
  compressed: Map<Encoding, Promise<Buffer>>;
}

export async function catalogRoutes(app: FastifyInstance) {
  const prepared = new WeakMap<Catalog, Prepared>();
  app.get("/api/catalog", async (request, reply) => {
    const catalog = currentCatalog();
    let entry = prepared.get(catalog);
    if (entry === undefined) {
      entry = { json: Buffer.from(JSON.stringify(catalog)), compressed: new Map() };
      prepared.set(catalog, entry);
    }
    // Admins may change prices and limits at any time: browsers check back rather than keep it for minutes.
    reply.header("cache-control", "no-cache").type("application/json; charset=utf-8");
    if (request.method === "HEAD" || entry.json.length < COMPRESS_MIN_BYTES) {
      return reply.send(entry.json);
    }
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (encoding === null) return reply.send(entry.json);
    let compressed = entry.compressed.get(encoding);
    if (compressed === undefined) {
      compressed = compressBody(entry.json, encoding);
      entry.compressed.set(encoding, compressed);
    }
    return reply.header("content-encoding", encoding).send(await compressed);
  });
}
