// Reply schemas: what each route answers, declared once. The server serialises with them (fields they do not name
// never leave it) and documents them in /api/openapi.json; the web app takes its reply types from them.
// docs/decisions/240-reply-schemas.md.

export * from "./account.js";
export * from "./admin.js";
export * from "./ai.js";
export * from "./alerts.js";
export * from "./analytics.js";
export * from "./auth.js";
export * from "./autonomous.js";
export * from "./batch.js";
export * from "./chat.js";
export * from "./commands.js";
export * from "./common.js";
export * from "./consciousness.js";
export * from "./dashboard.js";
export { ErrorReply } from "./errors.js";
export * from "./health.js";
export * from "./jobs.js";
export * from "./metrics.js";
export * from "./orchestration.js";
export * from "./plans.js";
export * from "./progression.js";
export * from "./realtime.js";
export * from "./settings.js";
export * from "./signals.js";
export * from "./teams.js";
export * from "./uploads.js";
export * from "./usage.js";
export * from "./users.js";
export * from "./workspace.js";
