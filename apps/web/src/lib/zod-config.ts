// zod compiles a fast object parser with `new Function` unless told not to; the CSP forbids eval, so every schema
// built in the browser logged a CSP violation (a Lighthouse best-practices failure). Imported first by app/start.tsx,
// before any screen's schemas are built. zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an
// object already there, so setting it needs none of zod's code: zod stays off the first load (docs/decisions/171).

const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
