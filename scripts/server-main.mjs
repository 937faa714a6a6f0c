// The compiled server's entry (copied to apps/server/dist/main.js by scripts/build-server.mjs): runs the server's
// CommonJS bundle (dist/server.cjs) through node:vm with a V8 code cache kept beside it, so a restart deserialises the
// functions the last start compiled instead of parsing and compiling about 5 MB again; Node 20 keeps no code cache
// for ES modules (docs/decisions/381-compiled-server-code-cache.md). A missing, stale or damaged cache is ignored,
// and a new one is written once the server listens; a cache that cannot be written (a read-only dist/) is no error.
import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire, SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { crc32 } from "node:zlib";

/** Replaced by the build with a hash of server.cjs: a cache made for another build is never offered to V8. */
const BUILD_ID = "__AACOS_BUILD_ID__";
const dist = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(dist, "server.cjs");
const cacheFile = path.join(dist, "server.cjs.cache");
// V8 checks its own version and flags but, of the source, only its length: the build and Node's version are ours to check.
const header = Buffer.from(`aacos-code-cache 1 ${BUILD_ID} ${process.version} ${process.arch}\n`);

/** The cache's V8 data when the file is whole and made for this build and this Node; otherwise undefined. */
function readCache() {
  let file;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  // The header, the CRC-32 of the data (8 hex digits and a newline), the data.
  const start = header.length + 9;
  if (file.length <= start || !file.subarray(0, header.length).equals(header)) return undefined;
  const data = file.subarray(start);
  const sum = file.subarray(header.length, start - 1).toString("latin1");
  return sum === crc32(data).toString(16).padStart(8, "0") ? data : undefined;
}

/** Writes what V8 has compiled of the bundle so far (written aside, then renamed: never a half file in place). */
function writeCache(script) {
  const partial = `${cacheFile}.${process.pid}`;
  try {
    const data = script.createCachedData();
    const sum = Buffer.from(`${crc32(data).toString(16).padStart(8, "0")}\n`);
    writeFileSync(partial, Buffer.concat([header, sum, data]));
    renameSync(partial, cacheFile);
  } catch {
    try {
      unlinkSync(partial);
    } catch {}
  }
}

/**
 * With --enable-source-maps Node maps the frames of the files it loads itself, not those of code run through node:vm:
 * frames in the bundle are mapped here, with its source map read on the first stack trace that shows one.
 */
function mapBundleFrames() {
  let map;
  const sourceMap = () => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, "utf8")));
      } catch {
        map = null;
      }
    }
    return map;
  };
  const frame = (site) => {
    const text = String(site);
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (site.getFileName() !== bundle || line === null || column === null) return text;
    const entry = sourceMap()?.findEntry(line - 1, column - 1);
    if (entry?.originalSource === undefined) return text;
    const source = entry.originalSource.startsWith("file:")
      ? fileURLToPath(entry.originalSource)
      : path.resolve(dist, entry.originalSource);
    return text.replace(
      `${bundle}:${line}:${column}`,
      `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    );
  };
  Error.prepareStackTrace = (error, sites) => {
    let title;
    try {
      title = error instanceof Error ? Error.prototype.toString.call(error) : String(error);
    } catch {
      title = "<error>";
    }
    return sites.length === 0 ? title : `${title}\n    at ${sites.map(frame).join("\n    at ")}`;
  };
  // Node's own mapping would only read maps that nothing uses any more (the stack traces are formatted above).
  process.setSourceMapsEnabled(false);
}

if (process.sourceMapsEnabled) mapBundleFrames();
const cachedData = readCache();
// The CommonJS wrapper on a line of its own, so the bundle's lines and columns stay its own.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {\n${readFileSync(bundle, "utf8")}\n})`,
  {
    filename: bundle,
    lineOffset: -1,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  },
);
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dist);
if (cachedData === undefined || script.cachedDataRejected === true) {
  // Once the server listens, V8 has compiled what the start needs and no request has run yet. A cache written later,
  // holding the functions the requests compiled too, left every restarted server about a fifth slower per request
  // (docs/decisions/399-code-cache-at-listen.md).
  module.exports.started?.then(() => writeCache(script));
}
