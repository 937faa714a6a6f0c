// Entry of `npm start`'s build step that makes the migrated PGlite template (pglite-template.ts). When the one there
// already matches the migrations it is only marked as checked (its fingerprint's time), so the staleness check of
// scripts/start.mjs passes next time.
import { utimes } from "node:fs/promises";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "./client.js";
import {
  buildPgliteTemplate,
  PGLITE_TEMPLATE_DIR,
  TEMPLATE_FINGERPRINT_FILE,
} from "./pglite-template.js";

if (await buildPgliteTemplate(PGLITE_TEMPLATE_DIR, MIGRATIONS_FOLDER)) {
  process.stdout.write(`Database template built in ${PGLITE_TEMPLATE_DIR}\n`);
} else {
  const now = new Date();
  await utimes(path.join(PGLITE_TEMPLATE_DIR, TEMPLATE_FINGERPRINT_FILE), now, now);
}
