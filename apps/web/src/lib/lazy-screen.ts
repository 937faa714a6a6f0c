// React.lazy for screens: three tries with waits of 2 s and 4 s between them (SPEC.md §8), then the load fails and the
// error thrown in render reaches the nearest error boundary (the shell's screen boundary shows the error screen).
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

const RETRY_WAITS_MS = [2000, 4000];

export async function loadWithRetry<T>(
  load: () => Promise<T>,
  waits: readonly number[] = RETRY_WAITS_MS,
): Promise<T> {
  for (const wait of waits) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return load();
}

export type LazyScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen's code now (start-up's resource preload); render reuses the same load. */
  preload: () => Promise<void>;
};

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => {
    pending ??= loadWithRetry(load).then((component) => ({ default: component }));
    return pending;
  };
  return Object.assign(lazy(loadOnce), { preload: () => loadOnce().then(() => undefined) });
}
