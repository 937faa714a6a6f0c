// React.lazy for screens: three tries with waits of 2 s and 4 s between them (docs/product.md §8), then the load fails and the
// error thrown in render reaches the nearest error boundary (the shell's screen boundary shows the error screen).
import { type ComponentType, createElement, lazy, useState } from "react";

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

export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the screen's code now (start-up's resource preload); render reuses the same load. */
  preload: () => Promise<void>;
};

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  /** The screen once its code is here: rendered directly, without suspending. */
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () => {
    pending ??= loadWithRetry(load).then((component) => {
      loaded = component;
      return { default: component };
    });
    return pending;
  };
  const Lazy = lazy(loadOnce);
  // A screen preloaded at start-up renders at once: React.lazy would still commit the Suspense fallback for a tick,
  // and the page below it (the footer) would jump when the screen replaced it — a layout shift (CLS).
  // Chosen once per mounted screen, so a later render never swaps the component type (which would remount it).
  function Screen(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(Component, props);
  }
  return Object.assign(Screen, { preload: () => loadOnce().then(() => undefined) });
}
