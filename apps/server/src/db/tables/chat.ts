// Chat: conversations and their messages.
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, updatedAt, uuidId } from "./columns.js";
import { users } from "./users.js";
import { entities } from "./workspace.js";

export const conversations = pgTable(
  "conversations",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    entityId: cascadeRef("entity_id", () => entities.id),
    title: text("title").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("conversations_user").on(table.userId, table.updatedAt)],
);

export const messages = pgTable(
  "messages",
  {
    id: uuidId(),
    conversationId: cascadeRef("conversation_id", () => conversations.id),
    role: text("role").notNull(),
    content: text("content").notNull(),
    /** "openai-compatible" or "retrieval" for answers; null for the user's own. */
    provider: text("provider"),
    /** complete, stopped, failed. */
    status: text("status").notNull().default("complete"),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    /** Why the answer failed, in English (for integrators and logs). */
    error: text("error"),
    /** The same as a code and params (packages/domain/src/run-errors.ts); null on rows stored before 245. */
    errorCode: text("error_code"),
    errorParams: jsonb("error_params"),
    createdAt: createdAt(),
  },
  (table) => [index("messages_conversation").on(table.conversationId, table.createdAt)],
);
