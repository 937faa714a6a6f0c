// HTTP of the API reference: the OpenAPI document (built once, after every route is registered) and a page that
// renders it with its own script and styles, so it works under the site's CSP (no inline code, nothing from a CDN).
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { SERVER_ROOT } from "../../server-root.js";
import { buildOpenApi } from "./openapi.js";

// Read from the sources in both forms of the server (the compiled one is a single file in dist/).
const page = (name: string) => readFile(path.join(SERVER_ROOT, "src/features/api-docs/page", name));

export async function apiDocsRoutes(app: FastifyInstance) {
  const manifest = await readFile(path.join(SERVER_ROOT, "package.json"), "utf8");
  const { version } = JSON.parse(manifest) as { version: string };
  const [html, script, styles] = await Promise.all([
    page("index.html"),
    page("reference.js"),
    page("reference.css"),
  ]);
  let document: string | null = null;

  app.get("/api/openapi.json", async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi(app.apiRoutes, { title: "AACOS API", version }));
    return reply.type("application/json; charset=utf-8").send(document);
  });
  app.get("/api/docs", async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html),
  );
  app.get("/api/docs/reference.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(script),
  );
  app.get("/api/docs/reference.css", async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "no-cache").send(styles),
  );
}
