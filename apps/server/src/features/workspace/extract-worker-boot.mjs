// Entry of the extraction worker (extract-text.ts): a worker thread does not inherit the parent's TypeScript
// loader, so it registers tsx itself and then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./extract-worker.ts");
