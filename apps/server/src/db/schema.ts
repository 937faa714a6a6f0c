// The database schema, one for PGlite and PostgreSQL; migrations under ../../drizzle are generated from it
// (drizzle-kit reads this file). Each feature's tables live in tables/<feature>.ts; they refer to one another
// directly (most to tables/users.ts), never through this file, so there is no import cycle.
export * from "./tables/account.js";
export * from "./tables/admin-settings.js";
export * from "./tables/alerts.js";
export * from "./tables/analytics.js";
export * from "./tables/api-keys.js";
export * from "./tables/audit.js";
export * from "./tables/auth.js";
export * from "./tables/autonomous.js";
export * from "./tables/billing.js";
export * from "./tables/chat.js";
export * from "./tables/consciousness.js";
export * from "./tables/errors.js";
export * from "./tables/instance.js";
export * from "./tables/jobs.js";
export * from "./tables/mail.js";
export * from "./tables/metrics.js";
export * from "./tables/orchestration.js";
export * from "./tables/progression.js";
export * from "./tables/security.js";
export * from "./tables/signals.js";
export * from "./tables/teams.js";
export * from "./tables/uploads.js";
export * from "./tables/users.js";
export * from "./tables/workspace.js";
