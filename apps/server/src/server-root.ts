// Where apps/server lives, for the files the server reads at run time (migrations, the API reference page, its
// package.json). This module sits one folder below apps/server both as source (src/server-root.ts) and bundled
// into the compiled server (dist/main.js), so the same relative step finds the folder in either form.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
