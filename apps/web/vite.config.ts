// Vite build and dev server of the web app: React, Tailwind, /api proxied to the local server, and the service
// worker stamped with this build's id and asset list.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { JSDOM } from "jsdom";
import { createServer, defineConfig, type Plugin } from "vite";
import { withDualForms } from "./src/lib/dual-forms";
import { he } from "./src/locales/he";

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
 * Preloads the Hebrew and basic Latin subsets of the Heebo web font from index.html: the default interface is Hebrew,
 * whose spaces, digits and punctuation (and the name AACOS) come from the Latin subset, and the browser would
 * otherwise discover both only once the stylesheet is applied and text is on screen. The font keeps
 * `font-display: swap` (text never waits invisible), and start-up waits up to a second for `document.fonts.ready`,
 * so the first screen already renders in Heebo. A pre-rendered page painted with a fallback font for its spaces would
 * be replaced by slightly larger text in Heebo, which the browser counts as a later largest paint (docs/decisions/173).
 */
function preloadFonts(): Plugin {
  return {
    name: "aacos-preload-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        return ["hebrew", "latin"].map((subset) => {
          const font = Object.keys(context.bundle ?? {}).find((name) =>
            new RegExp(`heebo-${subset}-wght-normal-[\\w-]+\\.woff2$`).test(name),
          );
          if (font === undefined) throw new Error(`the ${subset} Heebo subset is not in the build`);
          return {
            tag: "link",
            attrs: {
              rel: "preload",
              as: "font",
              type: "font/woff2",
              crossorigin: "",
              href: `/${font}`,
            },
            injectTo: "head" as const,
          };
        });
      },
    },
  };
}

/**
 * Lists in index.html (a JSON data block, which the CSP does not treat as a script) the files of each module the entry
 * imports dynamically — the app core (app/start.tsx) and the entry screens: the module's chunk and every chunk it imports
 * statically, as URLs. main.tsx requests them all at once after the first paint and then evaluates the core in stages,
 * one task each (lib/module-preload.ts, docs/decisions/270).
 */
function moduleFileList(): Plugin {
  let srcDir = "";
  const targets = new Set<string>();
  return {
    name: "aacos-module-file-list",
    apply: "build",
    configResolved(config) {
      srcDir = `${resolve(config.root, "src")}/`;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        if (!/\/src\/(main\.tsx|app\/entry-screens\.ts)$/.test(id)) continue;
        for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          targets.add(target);
      }
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const closure = (file: string, into: Set<string>) => {
          const chunk = bundle[file];
          // The entry itself is running already.
          if (into.has(file) || chunk?.type !== "chunk" || chunk.isEntry) return;
          into.add(file);
          for (const next of chunk.imports) closure(next, into);
        };
        const files: Record<string, string[]> = {};
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          for (const id of chunk.moduleIds) {
            // The stages' own modules come with the core's files.
            if (!targets.has(id) || !id.startsWith(srcDir) || /\/stage-[\w-]+\.ts$/.test(id))
              continue;
            const into = new Set<string>();
            closure(chunk.fileName, into);
            files[id.slice(srcDir.length)] = [...into].map((name) => `/${name}`);
          }
        }
        if (files["app/start.tsx"] === undefined)
          throw new Error("app/start.tsx is not in the build");
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: "aacos-modules" },
            children: JSON.stringify(files),
            injectTo: "body" as const,
          },
        ];
      },
    },
  };
}

/**
 * The modules app/start.tsx imports statically (the app core every page runs at start) but the entry (main.tsx) does
 * not, collected once the module graph is known; the "app-core" chunk group below puts the application's share of
 * them into one file. What the entry imports itself stays in the entry's tiny chunk (the first paint needs no more).
 */
function appCoreModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const core = new Set<string>();
  const entry = new Set<string>();
  const plugin: Plugin = {
    name: "aacos-app-core-modules",
    apply: "build",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (suffix: string, into: Set<string>) => {
        const from = ids.find((id) => id.endsWith(suffix));
        if (from === undefined) throw new Error(`${suffix} is not in the build`);
        const pending = [from];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          const imports = this.getModuleInfo(id)?.importedIds ?? [];
          // A module with zod schemas is imported at start only for a zod-free constant it re-exports (tree-shaken
          // away, docs/decisions/171); captured, it would bring zod into the core.
          if (into.has(id) || imports.some((next) => /node_modules[\\/]zod[\\/]/.test(next)))
            continue;
          into.add(id);
          pending.push(...imports);
        }
      };
      closure("/src/app/start.tsx", core);
      closure("/src/main.tsx", entry);
    },
  };
  return { plugin, has: (id) => core.has(id) && !entry.has(id) };
}

/**
 * A first visit's browser as the pre-render sees it: an empty Hebrew page with empty storage and no dark-mode preference.
 * The app's modules read window, localStorage and matchMedia when they load; the markup is rendered as for that visitor.
 */
function installBrowserGlobals(): void {
  const { window } = new JSDOM('<!doctype html><html lang="he" dir="rtl"><body></body></html>', {
    url: "http://localhost/",
  });
  window.matchMedia = (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis) continue;
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get: () => (window as unknown as Record<string, unknown>)[key],
    });
  }
}

/**
 * Writes the pre-rendered public pages (docs/decisions/172): for each path of app/prerender.tsx, the built index.html
 * with that page's markup in #root in front of the start screen (kept, hidden, for visits boot.js sends to it), and
 * dist/prerendered/pages.json listing each path's file (and the data it shows) for the server. The app hydrates the
 * markup (docs/decisions/341), so it is exactly what the app renders first, test ids included.
 */
/**
 * One line of dist/prerendered/pages.json, as the server reads it (apps/server/src/platform/web-app.ts): a copy with
 * data is served only while the server's catalogue has this SHA-256 (of its JSON) and its billing mode is this one.
 */
interface PrerenderedPageEntry {
  path: string;
  file: string;
  catalog?: string;
  billing?: "test" | "stripe";
}

function prerenderPages(): Plugin {
  let outDir = "dist";
  let root = ".";
  return {
    name: "aacos-prerender",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = config.root;
    },
    async writeBundle() {
      installBrowserGlobals();
      const server = await createServer({
        root,
        logLevel: "error",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const module = (await server.ssrLoadModule(
          "/src/app/prerender.tsx",
        )) as typeof import("./src/app/prerender");
        const index = await readFile(join(outDir, "index.html"), "utf8");
        const bootScreen = /<main(\s+id="boot-screen"[\s\S]*?)>([\s\S]*?)<\/main>/;
        if (!bootScreen.test(index)) throw new Error("index.html: the start screen was not found");
        const pages: PrerenderedPageEntry[] = [];
        for (const page of module.PRERENDERED_PAGES) {
          const { path, file, data } = page;
          // Test ids stay: the app hydrates this markup (docs/decisions/341), and keeps the attributes it finds.
          const markup = await module.prerender(page);
          // The CSP refuses style attributes in HTML: a screen must style pre-rendered parts with classes.
          if (/\sstyle="/.test(markup))
            throw new Error(`${path}: a style attribute in the pre-rendered markup`);
          const html = index.replace(
            bootScreen,
            (_match, attributes: string, content: string) =>
              `<div data-prerendered="${path}">${markup}</div><div${attributes}>${content}</div>`,
          );
          await mkdir(dirname(join(outDir, file)), { recursive: true });
          await writeFile(join(outDir, file), html);
          pages.push(
            data === undefined
              ? { path, file }
              : {
                  path,
                  file,
                  catalog: createHash("sha256").update(JSON.stringify(data.catalog)).digest("hex"),
                  billing: data.billing,
                },
          );
        }
        await writeFile(join(outDir, "prerendered", "pages.json"), JSON.stringify(pages, null, 2));
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Replaces the body of locales/he-resource.ts with its value made here, as one `JSON.parse` of a string: a phone parses
 * JSON far faster than it evaluates the same ~2,000 entries as object literals, and the dual forms are not copied again
 * at every start (about a third of the app core's start-up work on the landing page's profile).
 */
function hebrewResourceAsJson(): Plugin {
  return {
    name: "aacos-hebrew-resource-as-json",
    apply: "build",
    enforce: "pre",
    transform(_code, id) {
      if (!id.endsWith("/src/locales/he-resource.ts")) return null;
      const json = JSON.stringify(withDualForms(he));
      return {
        code: `export const heResource = JSON.parse(${JSON.stringify(json)});\n`,
        map: null,
      };
    },
  };
}

const appCore = appCoreModules();

export default defineConfig({
  plugins: [
    hebrewResourceAsJson(),
    react(),
    tailwindcss(),
    serviceWorkerBuild(),
    precompress(),
    preloadFonts(),
    appCore.plugin,
    moduleFileList(),
    prerenderPages(),
  ],
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server's CSP allows fonts and images from 'self' only (no data: fonts), so nothing is inlined.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page runs at start, in two files rather than five (docs/decisions/200): React, then
            // the rest, which main.tsx evaluates in two tasks (docs/decisions/270). Requested at once, they cost no
            // extra round trip.
            {
              name: "vendor-react",
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              name: "vendor",
              priority: 2,
              test: /node_modules[\\/](react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|zustand|use-sync-external-store)[\\/]/,
            },
            // The app's own start-up modules (shell, i18n with the Hebrew messages, API client, auth store), one file
            // instead of about ten small shared chunks.
            {
              name: "app-core",
              priority: 1,
              // Source files only: libraries are in vendor, and helpers such as Vite's preload helper serve the entry too.
              test: (id) =>
                appCore.has(id) && /\/(apps\/web\/src|packages\/domain\/src)\//.test(id),
              // Not the entry's own modules it uses (the screen loaders, the early fetches, the preload helper).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
