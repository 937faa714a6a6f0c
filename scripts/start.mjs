// `npm start`: builds the web app when it is missing or older than its sources, then runs the server in this process's place.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "apps/web/dist/index.html");
const sources = ["apps/web/src", "apps/web/public", "apps/web/index.html", "packages/domain/src"];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stats.mtimeMs,
  );
}

const sourcesChanged = () =>
  Math.max(...sources.map((source) => newestChange(path.join(root, source))));

if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesChanged()) {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ["--import", "tsx", path.join(root, "apps/server/src/main.ts")],
  { cwd: process.cwd(), stdio: "inherit" },
);
// The server shuts down gracefully on these; pass them on and leave with its exit code.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
