// Vite build and dev server of the web app: React, Tailwind, /api proxied to the local server, and the service
// worker stamped with this build's id and asset list.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
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

/** Text and font files worth compressing; woff2 is brotli inside already, images are compressed formats. */
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".svg",
  ".txt",
  ".ttf",
  ".otf",
  ".woff",
]);

/**
 * Writes name.br (brotli, best quality) and name.gz (gzip -9) beside every compressible file of the build, once the
 * bundle (and the stamped service worker) is on disk; the server picks one by Accept-Encoding. A variant that would
 * not save at least 5% is not written.
 */
function precompress(): Plugin {
  let outDir = "dist";
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: "aacos-precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const variants = [
            [".br", await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
            [".gz", await gzipAsync(source, { level: 9 })],
          ] as const;
          for (const [suffix, body] of variants)
            if (body.length < source.length * 0.95) await writeFile(file + suffix, body);
        }),
      );
    },
  };
}

/**
 * Preloads the Hebrew subset of the Heebo web font from index.html: the default interface is Hebrew, and the browser
 * would otherwise discover the font only once the stylesheet is applied and Hebrew text is on screen. The font keeps
 * `font-display: swap` (text never waits invisible), and start-up waits up to a second for `document.fonts.ready`,
 * so the first screen already renders in Heebo.
 */
function preloadHebrewFont(): Plugin {
  return {
    name: "aacos-preload-hebrew-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((name) =>
          /heebo-hebrew-wght-normal-[\w-]+\.woff2$/.test(name),
        );
        if (font === undefined) throw new Error("the Hebrew Heebo subset is not in the build");
        return [
          {
            tag: "link",
            attrs: {
              rel: "preload",
              as: "font",
              type: "font/woff2",
              crossorigin: "",
              href: `/${font}`,
            },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorkerBuild(), precompress(), preloadHebrewFont()],
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
