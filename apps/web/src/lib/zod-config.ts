// zod compiles a fast object parser with `new Function` unless told not to; the CSP forbids eval, so every schema
// built in the browser logged a CSP violation (a Lighthouse best-practices failure). Imported first by app/start.tsx,
// before any screen's schemas are built. Only the tiny config module of zod comes with it.
import { config } from "zod/v4/core";

config({ jitless: true });
