// Hebrew's dual in the catalogues: each `_other` text also serves as the `_two` form unless one is written. Pure, so
// the build can apply it too (vite.config.ts, hebrewResourceAsJson).

export type Catalogue = { [key: string]: string | Catalogue };

/**
 * Hebrew has a dual: Intl.PluralRules("he") answers "two" for 2, and i18next then looks for `key_two`. The catalogues
 * write `_one` and `_other` only, so each `_other` text also serves as the `_two` form unless one is written.
 */
export function withDualForms<T extends Catalogue>(catalogue: T): T {
  const result: Catalogue = {};
  for (const [key, value] of Object.entries(catalogue)) {
    result[key] = typeof value === "string" ? value : withDualForms(value);
  }
  for (const [key, value] of Object.entries(catalogue)) {
    const base = key.endsWith("_other") ? key.slice(0, -"_other".length) : null;
    if (base !== null && typeof value === "string" && !(`${base}_two` in result)) {
      result[`${base}_two`] = value;
    }
  }
  return result as T;
}
