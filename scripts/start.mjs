// `npm start`: builds the web app (unless WEB_DIST names another build), the compiled server and the migrated
// database template when they are missing or older than their sources, then runs the compiled server in a child
// process it passes signals to (docs/decisions/212-compiled-server-and-template.md).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverDist = path.join(root, "apps/server/dist");

/** Each output is rebuilt when it is missing or older than the newest file among its sources. */
const builds = [
  {
    name: "the web app",
    outputs: ["apps/web/dist/index.html"],
    sources: ["apps/web/src", "apps/web/public", "apps/web/index.html", "packages/domain/src"],
    command: ["npm", ["run", "build", "-w", "apps/web"]],
  },
  {
    name: "the server",
    outputs: ["apps/server/dist/main.js", "apps/server/dist/server.cjs"],
    sources: [
      "apps/server/src",
      "packages/domain/src",
      "scripts/build-server.mjs",
      "scripts/server-main.mjs",
      "package-lock.json",
    ],
    command: [process.execPath, [path.join(root, "scripts/build-server.mjs")]],
  },
  {
    name: "the database template",
    outputs: ["apps/server/dist/pglite-template/fingerprint"],
    sources: ["apps/server/drizzle", "package-lock.json"],
    command: [process.execPath, [path.join(serverDist, "make-template.js")]],
  },
];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stats.mtimeMs,
  );
}

for (const { name, outputs, sources, command } of builds) {
  // WEB_DIST names a web build of one's own (the server serves it as it is).
  if (name === "the web app" && process.env.WEB_DIST) continue;
  const built = outputs.map((output) => path.join(root, output));
  const sourcesChanged = Math.max(
    ...sources.map((source) => newestChange(path.join(root, source))),
  );
  const stale = built.some(
    (output) => !existsSync(output) || statSync(output).mtimeMs < sourcesChanged,
  );
  if (!stale) continue;
  console.log(`Building ${name}…`);
  const build = spawnSync(command[0], command[1], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--enable-source-maps", path.join(serverDist, "main.js")], {
  cwd: process.cwd(),
  stdio: "inherit",
});
// The server shuts down gracefully on these; pass them on and leave with its exit code.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
