// Builds the web app and prints the gzipped size of the JavaScript (and CSS) the landing page loads before it can render.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist");

execFileSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "ignore" });
const html = readFileSync(path.join(dist, "index.html"), "utf8");

/** Files index.html makes the browser fetch at once: entry scripts, module preloads, stylesheets. */
const initial = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="(?:modulepreload|stylesheet)"/g),
].map((match) => match[1] ?? "");

const rows = [...new Set(initial)].map((href) => {
  const bytes = readFileSync(path.join(dist, href.replace(/^\//, "")));
  return { file: href, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log("Landing page, first load (before lazy screens):");
for (const row of rows)
  console.log(
    `  ${row.file.padEnd(48)} ${kb(row.raw).padStart(11)} raw ${kb(row.gzip).padStart(10)} gzip`,
  );
const js = rows.filter((row) => row.file.endsWith(".js"));
const sum = (list: typeof rows, key: "raw" | "gzip") =>
  list.reduce((total, row) => total + row[key], 0);
console.log(`JavaScript total: ${kb(sum(js, "raw"))} raw, ${kb(sum(js, "gzip"))} gzip`);
console.log(`All initial files: ${kb(sum(rows, "raw"))} raw, ${kb(sum(rows, "gzip"))} gzip`);
