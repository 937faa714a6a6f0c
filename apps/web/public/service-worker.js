// The AACOS service worker (docs/product.md §2): caches the app shell and the fingerprinted assets so the app opens offline.
// Navigations: network first, the cached index.html when offline. /assets/*: cache first (names change with content).
// /api/*: never cached. A new version waits until the page's "reload to update" prompt sends SKIP_WAITING.
// The build replaces BUILD below with this build's id and asset list (vite.config.ts), which also makes each
// deploy's worker byte-different, so browsers notice the update.
const BUILD = /* aacos-build */ { version: "dev", assets: [] } /* /aacos-build */;

const CACHE = `aacos-shell-${BUILD.version}`;
const SHELL = ["/", "/index.html", "/boot.js", "/favicon.svg"];
const INDEX = "/index.html";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...SHELL, ...BUILD.assets])));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("aacos-shell-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

async function networkFirstNavigation(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const type = response.headers.get("content-type") || "";
    // Every app path answers with index.html; keep the freshest copy for offline starts.
    // A pre-rendered page (docs/decisions/172) is one path's copy: not the shell other paths start from.
    if (response.ok && type.includes("text/html") && !response.headers.has("x-aacos-prerendered"))
      await cache.put(INDEX, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(INDEX);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // A server of another deploy may answer a file it lacks with the app's page: never keep that as the file.
  const page = (response.headers.get("content-type") || "").includes("text/html");
  if (response.ok && !page) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // API replies are per user and live: never from a cache.
  if (url.pathname.startsWith("/api/") || url.pathname === "/api") return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});
