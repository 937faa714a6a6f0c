// Vite build and dev server of the web app: React, Tailwind, /api proxied to the local server, and the service
// worker stamped with this build's id and asset list.
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const BUILD_MARKER = /\/\* aacos-build \*\/.*\/\* \/aacos-build \*\//;

/** Writes {version, assets} into dist/service-worker.js: the precache list, and a new byte-different worker per build. */
function serviceWorkerBuild(): Plugin {
  let assets: string[] = [];
  let outDir = "dist";
  return {
    name: "aacos-service-worker-build",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      assets = Object.keys(bundle)
        .filter((name) => name.startsWith("assets/"))
        .sort()
        .map((name) => `/${name}`);
    },
    async writeBundle() {
      const file = join(outDir, "service-worker.js");
      const source = await readFile(file, "utf8");
      const version = createHash("sha256").update(assets.join("\n")).digest("hex").slice(0, 12);
      const stamped = source.replace(BUILD_MARKER, JSON.stringify({ version, assets }));
      if (stamped === source) throw new Error("service-worker.js: build marker not found");
      await writeFile(file, stamped);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorkerBuild()],
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server's CSP allows fonts and images from 'self' only (no data: fonts), so nothing is inlined.
    assetsInlineLimit: 0,
  },
});
