// openPglite's PostgreSQL configuration: the buffer pool it starts with (docs/decisions/380-smaller-pglite-buffer-pool.md).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPglite } from "./client.js";

describe("openPglite", () => {
  it("starts PostgreSQL with 32 MB of shared buffers", { timeout: 60_000 }, async () => {
    const database = await openPglite({});
    try {
      // Both drivers' results behind one type: PGlite's carries rows.
      const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(result.rows[0]?.shared_buffers).toBe("32MB");
    } finally {
      await database.close();
    }
  });
});
