// Unit and component tests of the web app (jsdom), run as the "web" project of the root Vitest config.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
    // One waitFor may take 10 s (test-setup.ts); a test awaits several, so its own budget must be well above that,
    // or a loaded machine times the test out while a single wait is still within its allowance.
    testTimeout: 30_000,
  },
});
