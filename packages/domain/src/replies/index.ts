// Reply schemas: what each route answers, declared once in its feature's folder (`<feature>/replies.ts`) and
// re-exported here; the pieces every reply uses (`common.ts`) and the error shape (`errors.ts`) live in this folder. The server serialises with them (fields they do not name
// never leave it) and documents them in /api/openapi.json; the web app takes its reply types from them.
// A plain list, page or one item under its name is not named here: the route declares `listOf(Item)`, `pageOf(Item)`
// or `replyOf("key", Item)` and the web reads `ListOf<typeof Item>`, `PageOf<typeof Item>` or
// `ReplyOf<"key", typeof Item>` (decision 396).
// docs/decisions/240-reply-schemas.md.

export * from "../account/replies.js";
export * from "../admin-console/replies.js";
export * from "../admin-settings/replies.js";
export * from "../ai/replies.js";
export * from "../alerts/replies.js";
export * from "../analytics/replies.js";
export * from "../auth/replies.js";
export * from "../autonomous/replies.js";
export * from "../batch/replies.js";
export * from "../chat/replies.js";
export * from "../commands/replies.js";
export * from "../consciousness/replies.js";
export * from "../dashboard/replies.js";
export * from "../files/replies.js";
export * from "../health/replies.js";
export * from "../jobs/replies.js";
export * from "../monitoring/replies.js";
export * from "../orchestration/replies.js";
export * from "../plans/replies.js";
export * from "../progression/replies.js";
export * from "../realtime/replies.js";
export * from "../signals/replies.js";
export * from "../teams/replies.js";
export * from "../usage/replies.js";
export * from "../users/replies.js";
export * from "../workspace/replies.js";
export * from "./common.js";
export { ErrorReply } from "./errors.js";
