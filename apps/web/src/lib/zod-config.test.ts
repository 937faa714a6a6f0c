// zod adopts the setting made without importing it: schemas built in the browser never compile with eval (CSP).
import { expect, test } from "vitest";
import "./zod-config";

test("zod sees the jitless setting made without importing zod", async () => {
  const { config } = await import("zod/v4/core");
  expect(config().jitless).toBe(true);
});
