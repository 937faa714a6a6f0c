// HTTP of the API reference: the OpenAPI document (built once, after every route is registered) and a page that
// renders it with its own script and styles, so it works under the site's CSP (no inline code, nothing from a CDN).
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { SERVER_ROOT } from "../../server-root.js";
import { buildOpenApi } from "./openapi.js";

/**
 * Read at the first request that needs it, then kept: a start waits for none of these files (on a loaded machine
 * each read waits its turn in libuv's thread pool — most of a restart's idle time, docs/decisions/382). A failed read
 * is tried again by the next request.
 */
function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= read().catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
    return kept;
  };
}

// Read from the sources in both forms of the server (the compiled one is a single file in dist/).
const page = (name: string) =>
  readOnce(() => readFile(path.join(SERVER_ROOT, "src/features/api-docs/page", name)));
const html = page("index.html");
const script = page("reference.js");
const styles = page("reference.css");
const version = readOnce(async () => {
  const manifest = await readFile(path.join(SERVER_ROOT, "package.json"), "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
});

export async function apiDocsRoutes(app: FastifyInstance) {
  const document = readOnce(async () =>
    JSON.stringify(buildOpenApi(app.apiRoutes, { title: "AACOS API", version: await version() })),
  );

  app.get("/api/openapi.json", async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(await document()),
  );
  app.get("/api/docs", async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(await html()),
  );
  app.get("/api/docs/reference.js", async (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(await script()),
  );
  app.get("/api/docs/reference.css", async (_request, reply) =>
    reply
      .type("text/css; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(await styles()),
  );
}
