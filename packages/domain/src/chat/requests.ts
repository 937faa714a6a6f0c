// Request schemas and messages of the chat and AI-allowance API (docs/product.md §7 (Chat)).

import { z } from "zod";
import { MESSAGES } from "../validation/messages.js";
import { listLimit, pageFields, requiredText, Uuid } from "../validation/rules.js";

export const ConversationParams = z.object({ id: Uuid });
export type ConversationParams = z.infer<typeof ConversationParams>;

export const MessageParams = z.object({ id: Uuid });
export type MessageParams = z.infer<typeof MessageParams>;

export const CreateConversationBody = z.object({ entityId: Uuid });
export type CreateConversationBody = z.infer<typeof CreateConversationBody>;

export const SendMessageBody = z.object({ content: requiredText() });
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const RenameConversationBody = z.object({ title: requiredText(200) });
export type RenameConversationBody = z.infer<typeof RenameConversationBody>;

export const ConversationListQuery = z.object({
  search: z.string().trim().max(200, MESSAGES.maxLength(200)).optional(),
  entityId: Uuid.optional(),
  ...pageFields,
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

/** History is read backwards: `before` is the id of the oldest message already shown. */
export const MessageHistoryQuery = z.object({
  before: Uuid.optional(),
  limit: listLimit(100, 50),
});
export type MessageHistoryQuery = z.infer<typeof MessageHistoryQuery>;

/** What an answer's record says about how it ended. */
export const ANSWER_STATUSES = ["complete", "stopped", "failed"] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** The AI feature's refusals and endings, in English (the API's language); the web app translates by key. */
export const AI_MESSAGES = {
  tokenLimit: (limit: number) => `AI token limit reached: ${limit} tokens per day`,
  modelComplexity: (model: string, complexity: number, allowed: number) =>
    `Model ${model} has complexity ${complexity}; your plan allows up to ${allowed}`,
  modelUnavailable: (model: string) => `Model ${model} is not offered on this server`,
  timedOut: (ms: number) =>
    `The answer took longer than the ${ms} ms your plan allows and was cut off`,
  dropped: "The connection to the language model was lost before the answer was finished",
  providerFailed: "The language model could not answer",
  stopped: "The answer was stopped",
} as const;
