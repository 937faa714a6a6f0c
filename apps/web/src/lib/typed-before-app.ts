// What a visitor typed into a pre-rendered form before the app ran (docs/decisions/341). React owns the copy's fields
// only once it hydrates them, which for a screen inside a Suspense boundary comes after the shell's commit; until then
// what was typed is in the fields alone. A form hydrating such a field starts from its value, so the form's state and
// the screen agree: a field the app thought empty would be written back to empty by the form's next render.

let source: HTMLElement | null = null;

/** The copy about to be hydrated (app/prerender-handoff.ts). */
export function startFormsFrom(copy: HTMLElement): void {
  source = copy;
}

/** Called once a form has mounted: when its fields are the copy's, it has hydrated them and read what was typed. */
export function forgetTypedBeforeApp(names: readonly string[]): void {
  const copy = source;
  if (copy !== null && names.some((name) => copy.querySelector(fieldNamed(name)) !== null)) {
    source = null;
  }
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
