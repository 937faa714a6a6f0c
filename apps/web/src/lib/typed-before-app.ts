// What a visitor typed into a pre-rendered form before the app ran (docs/decisions/341). React owns the copy's fields
// only once it hydrates them, which for a screen inside a Suspense boundary comes after the shell's commit; until then
// what was typed is in the fields alone. A form hydrating such a field starts from its value, so the form's state and
// the screen agree: a field the app thought empty would be written back to empty by the form's next render. A
// submission made then was held back by public/boot.js; it goes once the app's form can answer it.

let source: HTMLElement | null = null;

/** The copy about to be hydrated (app/prerender-handoff.ts). */
export function startFormsFrom(copy: HTMLElement): void {
  source = copy;
}

/**
 * Called once a form has mounted: when its fields are the copy's, it has hydrated them and read what was typed, and a
 * submission held back before then goes now.
 */
export function forgetTypedBeforeApp(names: readonly string[]): void {
  const copy = source;
  if (copy !== null && names.some((name) => copy.querySelector(fieldNamed(name)) !== null)) {
    source = null;
    submitHeldBeforeApp(copy);
  }
}

/**
 * The submission public/boot.js held back (<html data-held-submit> names the form's first field) goes through the
 * form in `app` holding that field: the copy's own form once hydrated, or the form that took its place. It goes in
 * the next task, once the app's state holds what was typed, so pressing "sign in" on a page still starting signs in
 * rather than doing nothing.
 */
export function submitHeldBeforeApp(app: ParentNode): void {
  const marks = document.documentElement.dataset;
  const name = marks.heldSubmit;
  const form =
    name === undefined
      ? null
      : (app.querySelector<HTMLInputElement>(fieldNamed(name))?.form ?? null);
  if (form === null) return;
  delete marks.heldSubmit;
  setTimeout(() => {
    if (form.isConnected) form.requestSubmit();
  }, 0);
}

/** `initial` with each text value replaced by what was typed into the copy's field of the same name, if anything. */
export function withTypedBeforeApp<V extends Record<string, unknown>>(initial: V): V {
  if (source === null) return initial;
  const values: Record<string, unknown> = { ...initial };
  for (const [name, value] of Object.entries(initial)) {
    const field = source.querySelector<HTMLInputElement>(fieldNamed(name));
    if (typeof value === "string" && field !== null && field.value !== field.defaultValue) {
      values[name] = field.value;
    }
  }
  return values as V;
}

/** The selector of a pre-rendered page's input named `name`. */
export function fieldNamed(name: string): string {
  return `input[name="${CSS.escape(name)}"]`;
}
