// Serves the built web app: its files (brotli or gzip versions written at build time, chosen by Accept-Encoding),
// long-cached assets, and index.html for every client route. docs/decisions/170-compression.md.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { compressBody, negotiateEncoding, varyOnAcceptEncoding } from "./compression.js";
import { notFound } from "./errors.js";
import { isApiPath } from "./route-list.js";

export async function webAppPlugin(app: FastifyInstance, options: { webDist: string }) {
  const indexPath = path.join(options.webDist, "index.html");
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // The build writes name.br and name.gz beside each text file; clients that accept neither get the original.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ webDist: options.webDist }, "web app not built: run `npm run build`");
  }
  const indexHtml = built ? await readFile(indexPath) : null;
  // Compressed once at start: every client route answers with the same page.
  const indexEncoded =
    indexHtml === null
      ? null
      : { br: await compressBody(indexHtml, "br"), gzip: await compressBody(indexHtml, "gzip") };

  app.get("/*", async (request, reply) => {
    // Judged on the decoded, normalised path: "/%61pi/x", "//api/x" and "/API/x" are API misses, not pages.
    if (isApiPath(request.url))
      throw notFound({ subject: "route", method: request.method, url: request.url }, "Not found");
    if (indexHtml === null || indexEncoded === null) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet. Run `npm run build`, then restart.");
    }
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (encoding === null) return reply.send(indexHtml);
    return reply.header("content-encoding", encoding).send(indexEncoded[encoding]);
  });
}
