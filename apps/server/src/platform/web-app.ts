// Serves the built web app: its files (brotli or gzip versions written at build time, chosen by Accept-Encoding),
// long-cached assets, a 404 for a missing file, and index.html for every client route — or, for the public pages the
// build pre-rendered, that page's own HTML. docs/decisions/170-compression.md, 172-pre-rendered-public-pages.md,
// 173-pre-rendered-tier-chooser.md, 404-missing-files-are-404.md.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Catalog } from "@aacos/domain/catalog";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { compressBody, negotiateEncoding, varyOnAcceptEncoding } from "./compression.js";
import { notFound } from "./errors.js";
import { currentCatalog } from "./live-catalog.js";
import { isApiPath } from "./route-list.js";

interface Page {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

async function pageOf(plain: Buffer): Promise<Page> {
  return { plain, br: await compressBody(plain, "br"), gzip: await compressBody(plain, "gzip") };
}

/** A line of dist/prerendered/pages.json (written by apps/web/vite.config.ts). */
interface PrerenderedPageEntry {
  path: string;
  file: string;
  /** The SHA-256 of the catalogue JSON the copy shows, when it shows one. */
  catalog?: string;
  /** The billing mode the copy shows (the test-mode notice), when it shows one. */
  billing?: "test" | "stripe";
}

interface PrerenderedPage extends PrerenderedPageEntry {
  page: Page;
}

/** The build's pre-rendered pages by path (dist/prerendered/pages.json), compressed once; none in an older build. */
async function prerenderedPages(webDist: string): Promise<Map<string, PrerenderedPage[]>> {
  const pages = new Map<string, PrerenderedPage[]>();
  const manifest = path.join(webDist, "prerendered", "pages.json");
  if (!existsSync(manifest)) return pages;
  const entries = JSON.parse(await readFile(manifest, "utf8")) as PrerenderedPageEntry[];
  for (const entry of entries) {
    const page = await pageOf(await readFile(path.join(webDist, entry.file)));
    pages.set(entry.path, [...(pages.get(entry.path) ?? []), { ...entry, page }]);
  }
  return pages;
}

/** The SHA-256 of a catalogue's JSON, once per catalogue object (a change of settings makes a new one). */
const catalogHashes = new WeakMap<Catalog, string>();
function catalogHash(catalog: Catalog): string {
  let hash = catalogHashes.get(catalog);
  if (hash === undefined) {
    hash = createHash("sha256").update(JSON.stringify(catalog)).digest("hex");
    catalogHashes.set(catalog, hash);
  }
  return hash;
}

/**
 * A request for a file the build would have written (anything under /assets/, or a name with a file's extension):
 * when it is missing it is a 404, never index.html. A page from a newer deploy asking an older server for its
 * chunk would otherwise get HTML with 200, which the service worker keeps as that chunk.
 */
const FILE_PATH =
  /^\/assets\/|\.(?:m?js|css|map|json|webmanifest|wasm|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|xml|br|gz)$/i;

/** The path part of a request URL without its trailing slashes ("/tiers/?x=1" is "/tiers"). */
function pagePathOf(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? "/";
  return pathname.replace(/\/+$/, "") || "/";
}

export async function webAppPlugin(
  app: FastifyInstance,
  options: { webDist: string; billingMode: "test" | "stripe" },
) {
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
  // Compressed once at start: every client route answers with the same page, or its pre-rendered one.
  const index = built ? await pageOf(await readFile(indexPath)) : null;
  const prerendered = built
    ? await prerenderedPages(options.webDist)
    : new Map<string, PrerenderedPage[]>();
  /** The copy of `pagePath` that shows what the app would show now: none when an admin changed the catalogue. */
  const prerenderedPage = (pagePath: string): Page | undefined =>
    prerendered
      .get(pagePath)
      ?.find(
        (entry) =>
          (entry.billing === undefined || entry.billing === options.billingMode) &&
          (entry.catalog === undefined || entry.catalog === catalogHash(currentCatalog())),
      )?.page;

  app.get("/*", async (request, reply) => {
    // Judged on the decoded, normalised path: "/%61pi/x", "//api/x" and "/API/x" are API misses, not pages.
    if (isApiPath(request.url))
      throw notFound({ subject: "route", method: request.method, url: request.url }, "Not found");
    if (index === null) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet. Run `npm run build`, then restart.");
    }
    const pagePath = pagePathOf(request.url);
    if (FILE_PATH.test(pagePath)) {
      reply.header("cache-control", "no-store");
      throw notFound({ subject: "route", method: request.method, url: request.url }, "Not found");
    }
    const page = prerenderedPage(pagePath);
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    // The service worker keeps only the plain index.html for offline starts.
    if (page !== undefined) reply.header("x-aacos-prerendered", "1");
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    const body = page ?? index;
    if (encoding === null) return reply.send(body.plain);
    return reply.header("content-encoding", encoding).send(body[encoding]);
  });
}
