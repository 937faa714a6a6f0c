import { describe, expect, it } from "vitest";
import { entryScreenOf } from "./entry-screens";

// The build lists each module's files by its path under src/ (vite.config.ts); a stale path would leave the screen's
// code unrequested until the core runs — one more round trip on a first visit (docs/decisions/270).
const sources = import.meta.glob("../**/*.tsx");

describe("the entry screens", () => {
  it("name a module that exists for each public page a visit opens on", () => {
    for (const path of ["/", "/tiers", "/showcase", "/auth/login", "/auth/register"]) {
      const entry = entryScreenOf(path);
      expect(entry, path).toBeDefined();
      expect(Object.keys(sources), path).toContain(`../${entry?.module}`);
    }
  });
});
