// Builds the web app once and prints what fills each chunk the landing page loads before its first paint: the
// largest source modules per chunk (their minified size), grouped by package. A diagnosis tool for the budgets of
// landing-bundle-size.ts.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin, type Rollup } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webRoot = path.join(root, "apps/web");

interface ChunkInfo {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: { id: string; size: number }[];
}

const chunks = new Map<string, ChunkInfo>();

const collect: Plugin = {
  name: "aacos-bundle-report",
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== "chunk") continue;
      const chunk = output as Rollup.OutputChunk;
      chunks.set(chunk.fileName, {
        file: chunk.fileName,
        isEntry: chunk.isEntry,
        imports: chunk.imports,
        dynamicImports: chunk.dynamicImports,
        modules: Object.entries(chunk.modules).map(([id, info]) => ({
          id,
          size: info.renderedLength,
        })),
      });
    }
  },
};

await build({
  root: webRoot,
  configFile: path.join(webRoot, "vite.config.ts"),
  logLevel: "silent",
  plugins: [collect],
  build: { write: false },
});

/** A module's owner: the npm package, or the workspace folder. */
function groupOf(id: string): string {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = clean.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean);
  }
  const relative = path.relative(root, clean);
  return relative.split("/").slice(0, 4).join("/");
}

const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
if (entry === undefined) throw new Error("no entry chunk");
const initial: string[] = [];
const visit = (file: string) => {
  if (initial.includes(file)) return;
  initial.push(file);
  for (const next of chunks.get(file)?.imports ?? []) visit(next);
};
visit(entry.file);
// The app core the entry imports right after the first paint (docs/decisions/171-first-paint.md).
for (const lazy of entry.dynamicImports) visit(lazy);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  "Landing page, first paint: what fills each chunk (minified bytes, before compression)",
);
for (const file of initial) {
  const chunk = chunks.get(file);
  if (chunk === undefined) continue;
  const total = chunk.modules.reduce((sum, module) => sum + module.size, 0);
  console.log(`\n${file}  ${kb(total)}`);
  const groups = new Map<string, number>();
  for (const module of chunk.modules)
    groups.set(groupOf(module.id), (groups.get(groupOf(module.id)) ?? 0) + module.size);
  for (const [group, size] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${kb(size).padStart(10)}  ${group}`);
}
