// docs/product.md §2: the layout class (mobile under 768 px, tablet under 1024, desktop) on <html>, kept up to date on resize.
import { type LayoutClass, layoutClassForWidth } from "@aacos/domain/device";

const CLASSES: readonly LayoutClass[] = ["mobile", "tablet", "desktop"];

export function applyLayoutClass(
  width: number,
  root: HTMLElement = document.documentElement,
): void {
  const current = layoutClassForWidth(width);
  for (const name of CLASSES) root.classList.toggle(`layout-${name}`, name === current);
  root.dataset.layout = current;
}

let installed = false;

/** Sets the class now and on every resize; safe to call more than once. */
export function installLayoutClass(): void {
  applyLayoutClass(window.innerWidth);
  if (installed) return;
  installed = true;
  window.addEventListener("resize", () => applyLayoutClass(window.innerWidth), { passive: true });
}
