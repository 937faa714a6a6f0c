// The app taking over a pre-rendered page (docs/decisions/172). The page's markup is on screen from the first paint;
// the app renders into a container outside the document while start-up runs (its start screen never shows), and the
// first time the shell commits, the app's container takes the place of the pre-rendered one in the same task — before
// the next paint, with the same layout, so nothing moves. What a visitor typed into a pre-rendered field goes with it.
// A screen still loading what its copy shows holds the swap until it shows it (lib/prerender-hold.ts).
import { afterPrerenderedCopyHolds } from "../lib/prerender-hold";

let pending: { prerendered: HTMLElement; app: HTMLElement } | null = null;

/** True when the page came pre-rendered and boot.js did not send this visit to the start screen instead. */
export function isPrerenderedVisit(container: HTMLElement): boolean {
  return (
    container.querySelector(":scope > [data-prerendered]") !== null &&
    !document.documentElement.classList.contains("prerender-off")
  );
}

/** The container the app renders into instead of `container`, which stays on screen until `revealApp`. */
export function takeOver(container: HTMLElement): HTMLElement {
  const app = document.createElement("div");
  app.id = container.id;
  pending = { prerendered: container, app };
  return app;
}

/** Puts the app on screen in place of the pre-rendered page; nothing when there was none, or after the first time. */
export function revealApp(): void {
  if (pending === null || afterPrerenderedCopyHolds(revealApp)) return;
  const { prerendered, app } = pending;
  pending = null;
  const focused = document.activeElement;
  const focusedName =
    focused instanceof HTMLInputElement && prerendered.contains(focused) ? focused.name : "";
  prerendered.replaceWith(app);
  carryTypedValues(prerendered, app);
  if (focusedName !== "") app.querySelector<HTMLInputElement>(fieldNamed(focusedName))?.focus();
}

function fieldNamed(name: string): string {
  return `input[name="${CSS.escape(name)}"]`;
}

/** Copies what was typed into the pre-rendered fields into the app's fields of the same name (React sees it). */
function carryTypedValues(from: HTMLElement, to: HTMLElement): void {
  for (const typed of from.querySelectorAll<HTMLInputElement>("input[name]")) {
    if (typed.value === typed.defaultValue) continue;
    const field = to.querySelector<HTMLInputElement>(fieldNamed(typed.name));
    if (field === null || field.value !== "") continue;
    // React tracks a controlled field's value through the prototype's setter; an input event then updates its state.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(
      field,
      typed.value,
    );
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
