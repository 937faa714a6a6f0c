// Compiles the server for `npm start` (docs/decisions/212-compiled-server-and-template.md): esbuild bundles the
// server, the domain package and the npm packages they import into a few files in apps/server/dist (ES modules,
// source maps), so a start loads one file instead of thousands. Packages with native binaries, WASM or data files
// found beside their own code, or worker files of their own stay external and load from node_modules as they are.
// Then the migrated PGlite template is built if the migrations changed.
import { spawnSync } from "node:child_process";
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

// The chunks of the last build go first: their names change with their content.
for (const name of await readdir(outdir).catch(() => [])) {
  if (name.endsWith(".js") || name.endsWith(".js.map")) await rm(path.join(outdir, name));
}

// Each entry and chunk is a file directly in dist/: src/server-root.ts relies on that depth. What the server loads
// through import() — the modules not needed before the first requests — is split into chunks of its own, loaded on
// first use (docs/decisions/204-start-up-lazy-modules.md); code the entries share is split out too.
await build({
  absWorkingDir: server,
  entryPoints: {
    main: "src/main.ts",
    cli: "src/cli.ts",
    "extract-worker": "src/features/workspace/extract-worker.ts",
    "make-template": "src/db/make-template.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: "chunk-[hash]",
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  // Without blanks and with shorter syntax (names kept): a third less to parse at each start, and a few thousand
  // lines instead of a hundred thousand for Node's source-map support to measure (docs/decisions/283-minified-server-bundle.md).
  minifyWhitespace: true,
  minifySyntax: true,
  // The sources' own paths in the maps, relative to dist/.
  sourcesContent: false,
  external: EXTERNAL,
  banner: { js: banner },
  logLevel: "warning",
  plugins: [lazyPgForPgBoss],
});

// Node reads a whole source map when the module loads (--enable-source-maps): mapping every bundled package's line
// costs about a fifth of a restart. Stack traces name the server's and the domain package's sources; a frame inside
// a package shows its place in the bundle.
for (const name of await readdir(outdir)) {
  if (!name.endsWith(".js.map")) continue;
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

/** The source map's `mappings` (base64 VLQ, deltas) without the segments that point into a dropped source. */
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
    const kept = [];
    for (const segment of line === "" ? [] : line.split(",")) {
      const fields = decode(segment);
      column += fields[0];
      for (let i = 1; i < fields.length; i++) state[i - 1] += fields[i];
      if (fields.length === 1 || drop[state[0]]) continue;
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
