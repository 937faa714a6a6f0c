// Builds the web app and prints, beside its budget, the gzipped size of what the landing page loads before its first
// paint (the entry script and its module preloads) and of what each screen needs in all (the first load, the
// screen's chunk and everything it imports, the code it loads itself included). docs/decisions/171-first-paint.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin, type Rollup } from "vite";

const LANDING_BUDGET_KB = 90;
const SCREEN_BUDGET_KB = 300;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webRoot = path.join(root, "apps/web");
const dist = path.join(webRoot, "dist");

const chunks = new Map<string, Rollup.OutputChunk>();
const collect: Plugin = {
  name: "aacos-bundle-size",
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle))
      if (output.type === "chunk") chunks.set(output.fileName, output);
  },
};
await build({
  root: webRoot,
  configFile: path.join(webRoot, "vite.config.ts"),
  logLevel: "silent",
  plugins: [collect],
});

const gzipSize = new Map<string, number>();
function gzipOf(file: string): number {
  let size = gzipSize.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSize.set(file, size);
  }
  return size;
}

/** A chunk and every chunk it imports statically: what loading it makes the browser fetch at once. */
function staticClosure(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const next of chunks.get(file)?.imports ?? []) staticClosure(next, into);
  return into;
}

const isScreen = (chunk: Rollup.OutputChunk | undefined) =>
  /(?:-screen|mobile-shell)\.tsx$/.test(chunk?.facadeModuleId ?? "");
const isCatalogue = (chunk: Rollup.OutputChunk | undefined) =>
  /\/locales\/[a-z]{2}\.ts$/.test(chunk?.facadeModuleId ?? "");

const html = readFileSync(path.join(dist, "index.html"), "utf8");
const preloaded = [
  ...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/(assets\/[^"]+)"/g),
].map((match) => match[1] ?? "");
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/(assets\/[^"]+)"/g)].map(
  (match) => match[1] ?? "",
);
const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
if (entry === undefined) throw new Error("the build has no entry chunk");
const firstLoad = staticClosure(entry.fileName);
for (const file of preloaded) firstLoad.add(file);

const kb = (bytes: number) => bytes / 1024;
const sum = (files: Iterable<string>) =>
  [...files].reduce((total, file) => total + gzipOf(file), 0);
const verdict = (value: number, budget: number) => (value <= budget ? "ok" : "OVER");

console.log("Landing page before its first paint (entry script + module preloads), gzip -9:");
for (const file of [...firstLoad].sort((a, b) => gzipOf(b) - gzipOf(a)))
  console.log(`  ${file.padEnd(44)} ${kb(gzipOf(file)).toFixed(1).padStart(7)} KB`);
const landing = kb(sum(firstLoad));
console.log(
  `  ${"JavaScript total".padEnd(44)} ${landing.toFixed(1).padStart(7)} KB  budget ${LANDING_BUDGET_KB} KB  ${verdict(landing, LANDING_BUDGET_KB)}`,
);
console.log(
  `  ${"(stylesheet, render-blocking)".padEnd(44)} ${kb(sum(css)).toFixed(1).padStart(7)} KB`,
);

/**
 * The app itself, which the entry imports right after the first paint: React, the router, the shell, start-up. The
 * entry also starts the visited public screen's code at the same time (docs/decisions/200); screens are counted below.
 */
const appCore = new Set(firstLoad);
for (const lazy of entry.dynamicImports)
  if (!isScreen(chunks.get(lazy))) staticClosure(lazy, appCore);
const core = kb(sum(appCore));
console.log(
  `\nApp core, fetched right after the first paint (with the first load): ${core.toFixed(1)} KB`,
);

/** What opening a screen fetches: its static closure plus the code it loads itself (not other screens or languages). */
function screenFiles(file: string): Set<string> {
  const files = new Set(appCore);
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (files.has(next)) continue;
    for (const chunk of staticClosure(next)) files.add(chunk);
    for (const chunk of staticClosure(next)) {
      for (const lazy of chunks.get(chunk)?.dynamicImports ?? []) {
        const target = chunks.get(lazy);
        if (!isScreen(target) && !isCatalogue(target)) pending.push(lazy);
      }
    }
  }
  return files;
}

console.log("\nEach screen in all (app core + the screen's chunks), gzip -9:");
const screens = [...chunks.values()]
  .filter((chunk) => isScreen(chunk))
  .map((chunk) => ({
    name: path.basename(chunk.facadeModuleId ?? chunk.fileName, ".tsx"),
    size: kb(sum(screenFiles(chunk.fileName))),
  }))
  .sort((a, b) => b.size - a.size);
for (const screen of screens)
  console.log(
    `  ${screen.name.padEnd(44)} ${screen.size.toFixed(1).padStart(7)} KB  budget ${SCREEN_BUDGET_KB} KB  ${verdict(screen.size, SCREEN_BUDGET_KB)}`,
  );
const english = [...chunks.values()].find((chunk) => isCatalogue(chunk));
if (english !== undefined)
  console.log(
    `\nEnglish messages, fetched only when chosen: ${kb(gzipOf(english.fileName)).toFixed(1)} KB`,
  );
