// drizzle-kit: generates SQL migrations from src/db/schema.ts into ./drizzle (run `npm run db:generate -w apps/server`).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
