// Compiles the server for `npm start` (docs/decisions/212-compiled-server-and-template.md): esbuild bundles the
// server, the domain package and the npm packages they import into a few files in apps/server/dist (the server one
// CommonJS file run with a code cache, the other entries ES modules; source maps), so a start loads one file instead
// of thousands. Packages with native binaries, WASM or data files
// found beside their own code, or worker files of their own stay external and load from node_modules as they are.
// Then the migrated PGlite template is built if the migrations changed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = path.join(root, "apps/server");
const outdir = path.join(server, "dist");

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const EXTERNAL = [
  // WASM and its data files, looked up beside the package's own code.
  "@electric-sql/pglite",
  // A prebuilt native binary.
  "@node-rs/argon2",
  // Loaded on first use (a document to read), each with files of its own.
  "pdfjs-dist",
  "mammoth",
  // Optional native peers, absent here.
  "pg-native",
  "bufferutil",
  "utf-8-validate",
];

// Bundled CommonJS packages call require() and read __dirname, which ES modules lack: both are defined for them.
const banner = [
  'import { createRequire as __createRequire } from "node:module";',
  'import { dirname as __pathDirname } from "node:path";',
  'import { fileURLToPath as __fileURLToPath } from "node:url";',
  "const require = __createRequire(import.meta.url);",
  "const __filename = __fileURLToPath(import.meta.url);",
  "const __dirname = __pathDirname(__filename);",
].join(" ");

// pg-boss requires the PostgreSQL driver when it loads, but uses it only to make a pool of its own, which it never
// does here (it is always handed the server's connection): its `require("pg")` gets a stand-in that loads the driver
// on first use, so a server on PGlite never evaluates pg (docs/decisions/350-restart-loads-less.md).
const lazyPgForPgBoss = {
  name: "lazy-pg-for-pg-boss",
  setup(build) {
    build.onResolve({ filter: /^pg$/ }, (args) =>
      /[\\/]node_modules[\\/]pg-boss[\\/]/.test(args.importer)
        ? { path: "pg", namespace: "lazy-pg" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "lazy-pg" }, () => ({
      contents: 'module.exports = { get Pool() { return require("pg").Pool; } };',
      loader: "js",
      resolveDir: server,
    }));
  },
};

// The last build's files go first: the chunks' names change with their content, and a code cache belongs to its build.
for (const name of await readdir(outdir).catch(() => [])) {
  if (/\.(js|cjs)(\.map)?$|\.cjs\.cache/.test(name)) await rm(path.join(outdir, name));
}

/** What both builds share. */
const common = {
  absWorkingDir: server,
  outdir,
  bundle: true,
  platform: "node",
  target: "node20.19",
  sourcemap: true,
  // Without blanks and with shorter syntax (names kept): a third less to parse at each start, and a few thousand
  // lines instead of a hundred thousand for Node's source-map support to measure (docs/decisions/283-minified-server-bundle.md).
  minifyWhitespace: true,
  minifySyntax: true,
  // The sources' own paths in the maps, relative to dist/.
  sourcesContent: false,
  external: EXTERNAL,
  logLevel: "warning",
  plugins: [lazyPgForPgBoss],
};

// The server is one CommonJS file, dist/server.cjs, run by dist/main.js (scripts/server-main.mjs) through node:vm with
// a V8 code cache (docs/decisions/381-compiled-server-code-cache.md). The modules it loads through import() stay
// unevaluated until first used (esbuild wraps each in a function of its own), as the chunks of decision 204 were.
// import.meta.url is the bundle's own URL, as it was each chunk's: all of them sit directly in dist/.
await build({
  ...common,
  entryPoints: { server: "src/main.ts" },
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  define: { "import.meta.url": "__aacosBundleUrl" },
  banner: { js: 'const __aacosBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});
const buildId = createHash("sha256")
  .update(await readFile(path.join(outdir, "server.cjs")))
  .digest("hex")
  .slice(0, 16);
const entry = await readFile(path.join(root, "scripts/server-main.mjs"), "utf8");
await writeFile(path.join(outdir, "main.js"), entry.replace("__AACOS_BUILD_ID__", buildId));

// The other entries are ES modules. Each entry and chunk is a file directly in dist/: src/server-root.ts relies on that
// depth. Code they share is split into chunks of its own.
await build({
  ...common,
  entryPoints: {
    cli: "src/cli.ts",
    "extract-worker": "src/features/workspace/extract-worker.ts",
    "make-template": "src/db/make-template.ts",
  },
  splitting: true,
  chunkNames: "chunk-[hash]",
  format: "esm",
  banner: { js: banner },
});

// Node reads a whole source map when the module loads (--enable-source-maps): mapping every bundled package's line
// costs about a fifth of a restart. Stack traces name the server's and the domain package's sources; a frame inside
// a package shows its place in the bundle.
for (const name of await readdir(outdir)) {
  if (!name.endsWith(".js.map") && !name.endsWith(".cjs.map")) continue;
  const file = path.join(outdir, name);
  const map = JSON.parse(await readFile(file, "utf8"));
  map.mappings = withoutSources(
    map.mappings,
    (source) => source.includes("node_modules/"),
    map.sources,
  );
  await writeFile(file, JSON.stringify(map));
}

const template = spawnSync(process.execPath, [path.join(outdir, "make-template.js")], {
  stdio: "inherit",
});
if (template.status !== 0) process.exit(template.status ?? 1);

/**
 * The source map's `mappings` (base64 VLQ, deltas) with the segments that point into a dropped source replaced by
 * unmapped ones (a column alone). Only dropping them would leave a package's code inside the span of the server
 * segment before it: with the bundle's long minified lines, a frame in busboy read as `features/errors/index.ts:4`.
 */
function withoutSources(mappings, dropped, sources) {
  const drop = sources.map(dropped);
  // Source, original line, original column and name are deltas across the whole string; decoded to absolute
  // values, filtered, then encoded again against the segments that remain.
  const state = [0, 0, 0, 0];
  const written = [0, 0, 0, 0];
  const lines = [];
  for (const line of mappings.split(";")) {
    let column = 0;
    let writtenColumn = 0;
    // Whether what stands at `writtenColumn` maps nowhere; a run of dropped segments needs only its first marker.
    let unmapped = false;
    const kept = [];
    for (const segment of line === "" ? [] : line.split(",")) {
      const fields = decode(segment);
      column += fields[0];
      for (let i = 1; i < fields.length; i++) state[i - 1] += fields[i];
      if (fields.length === 1 || drop[state[0]]) {
        if (!unmapped) {
          kept.push(encode(column - writtenColumn));
          writtenColumn = column;
          unmapped = true;
        }
        continue;
      }
      unmapped = false;
      const out = [column - writtenColumn];
      writtenColumn = column;
      for (let i = 1; i < fields.length; i++) {
        out.push(state[i - 1] - written[i - 1]);
        written[i - 1] = state[i - 1];
      }
      kept.push(out.map(encode).join(""));
    }
    lines.push(kept.join(","));
  }
  return lines.join(";");
}

function decode(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

function encode(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = "";
  do {
    const digit = rest & 31;
    rest >>>= 5;
    out += BASE64[rest > 0 ? digit | 32 : digit];
  } while (rest > 0);
  return out;
}
