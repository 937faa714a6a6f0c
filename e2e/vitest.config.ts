import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    include: ["**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["support/global-setup.ts"],
    setupFiles: ["support/browser-per-file.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time keeps the two-core CI machine steady.
    fileParallelism: false,
  },
});
