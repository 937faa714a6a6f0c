// One Vitest run over every workspace; each workspace's own config names its project.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web", "e2e"],
  },
});
