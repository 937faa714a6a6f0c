// The files a module needs, listed by the build in index.html (vite.config.ts, docs/decisions/270), so main.tsx can
// start every download of the app at once while it evaluates them in stages, one task each.

/** The build's list: a module's path under src/ → its chunk and every chunk that chunk imports, as URLs. */
function moduleFiles(): Record<string, readonly string[]> {
  const list = document.getElementById("aacos-modules")?.textContent;
  if (list === undefined || list === null || list === "") return {};
  try {
    return JSON.parse(list) as Record<string, readonly string[]>;
  } catch {
    return {};
  }
}

/** Starts downloading (and compiling, not running) the files of each module; nothing in development builds. */
export function preloadModules(modules: readonly string[]): void {
  const files = moduleFiles();
  for (const module of modules)
    for (const href of files[module] ?? []) {
      if (document.querySelector(`link[href="${href}"]`) !== null) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
}
