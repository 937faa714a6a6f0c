// The app taking over a pre-rendered page. The page's markup is on screen from the first paint. Where the copy is
// exactly what the app renders first (a Hebrew visit with the default theme preference; boot.js already sends
// English visits, sessions and accessibility settings to the start screen), the app hydrates it (docs/decisions/341):
// the copy's nodes become the app's. Otherwise (docs/decisions/172) the app renders into a container outside the
// document while start-up runs (its start screen never shows), and the first time the shell commits, the app's
// container takes the place of the pre-rendered one in the same task — before the next paint, with the same layout, so
// nothing moves. What a visitor typed into a pre-rendered field goes with it, and a form they submitted is submitted.
// A screen still loading what its copy shows holds the swap until it shows it (lib/prerender-hold.ts).
import { afterPrerenderedCopyHolds } from "../lib/prerender-hold";
import { readStorage, STORAGE_KEYS } from "../lib/storage";
import { fieldNamed, startFormsFrom, submitHeldBeforeApp } from "../lib/typed-before-app";

let pending: { prerendered: HTMLElement; app: HTMLElement } | null = null;
let hydrating: HTMLElement | null = null;

/** True when the page came pre-rendered and boot.js did not send this visit to the start screen instead. */
export function isPrerenderedVisit(container: HTMLElement): boolean {
  return (
    container.querySelector(":scope > [data-prerendered]") !== null &&
    !document.documentElement.classList.contains("prerender-off")
  );
}

/**
 * The pre-rendered copy the app may hydrate, or null. The build rendered it with the default theme preference
 * ("system", which the header's theme button names); a visitor who chose light or dark gets the swap instead.
 */
export function hydratableCopy(container: HTMLElement): HTMLElement | null {
  if (!isPrerenderedVisit(container) || readStorage(STORAGE_KEYS.theme) !== null) return null;
  return container.querySelector<HTMLElement>(":scope > [data-prerendered]");
}

/** Marks `copy` as the container the app hydrates; `revealApp` then only marks the page as the app's. */
export function hydrateInto(copy: HTMLElement): HTMLElement {
  hydrating = copy;
  // What was typed before now is in the copy's fields only: the forms hydrating them start from it. React itself
  // handles what is typed from now on.
  startFormsFrom(copy);
  return copy;
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
  if (hydrating !== null) {
    // The copy is the app now (or, after a mismatch, React rendered the app in its place): the start screen behind
    // it is not needed, and `data-hydrated` replaces `data-prerendered`, which browser tests wait to see go.
    const copy = hydrating;
    hydrating = null;
    if (copy.nextElementSibling?.id === "boot-screen") copy.nextElementSibling.remove();
    copy.dataset.hydrated = copy.dataset.prerendered;
    copy.removeAttribute("data-prerendered");
    return;
  }
  if (pending === null || afterPrerenderedCopyHolds(revealApp)) return;
  const { prerendered, app } = pending;
  pending = null;
  const focused = document.activeElement;
  const focusedName =
    focused instanceof HTMLInputElement && prerendered.contains(focused) ? focused.name : "";
  prerendered.replaceWith(app);
  carryTypedValues(prerendered, app);
  submitHeldBeforeApp(app);
  if (focusedName !== "") app.querySelector<HTMLInputElement>(fieldNamed(focusedName))?.focus();
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
