// The compiled server's source map (scripts/build-server.mjs, built by `npm run build` before these suites): a stack
// frame in the server's own code names its source file and line; a frame inside a bundled package names its place in
// the bundle, never the server file whose code happens to stand before it on the bundle's long minified lines.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/server/dist");
const code = readFileSync(path.join(dist, "server.cjs"), "utf8");
const map = new SourceMap(JSON.parse(readFileSync(path.join(dist, "server.cjs.map"), "utf8")));

/** What the map says stands where `text` first stands in the bundle. */
function sourceOf(text: string): { originalSource?: string; originalLine?: number } {
  const at = code.indexOf(text);
  expect(at, `"${text}" is in the bundle`).toBeGreaterThan(-1);
  const lines = code.slice(0, at).split("\n");
  return map.findEntry(lines.length - 1, lines.at(-1)?.length ?? 0);
}

describe("the compiled server's source map", () => {
  it("maps the server's own code to its source file", () => {
    expect(sourceOf("The body is not multipart/form-data").originalSource).toMatch(
      /src\/features\/files\/routes\.ts$/,
    );
  });

  it("leaves a bundled package's code unmapped (busboy's multipart errors)", () => {
    for (const text of ["Multipart: Boundary not found", "Unexpected end of"]) {
      expect(sourceOf(text).originalSource).toBeUndefined();
    }
  });
});
