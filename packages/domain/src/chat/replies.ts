// Replies of the chat: conversations, their messages, a sent answer.
import { z } from "zod";
import { failure, Timestamp, tokenUse, Usage } from "../replies/common.js";
import { stamped } from "../replies/fields.js";
import { ANSWER_STATUSES } from "./requests.js";

export const Conversation = z.object({
  id: z.string(),
  entityId: z.string(),
  title: z.string(),
  ...stamped,
});
export type Conversation = z.input<typeof Conversation>;

export const ChatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  /** "openai-compatible" or "retrieval" on answers; null on the user's own. */
  provider: z.string().nullable(),
  status: z.enum(ANSWER_STATUSES),
  ...failure,
  ...tokenUse,
  createdAt: Timestamp,
  /**
   * An answer from an entity of a universe someone shared with the user: whether the user marked it helpful (which
   * completes the universe owner's community quest). null when there is nobody else to thank (own universe, own text).
   */
  helpful: z.boolean().nullable(),
});
export type ChatMessage = z.input<typeof ChatMessage>;

/** History read backwards: `nextBefore` is the id to pass as `before` for older messages (null: no more). */
export const MessagePage = z.object({
  items: z.array(ChatMessage),
  nextBefore: z.string().nullable(),
});
export type MessagePage = z.input<typeof MessagePage>;
export const StoppedReply = z.object({ stopped: z.boolean() });
export type StoppedReply = z.input<typeof StoppedReply>;
/** A whole answer, when the client did not ask for server-sent events. */
export const SentMessageReply = z.object({ message: ChatMessage, usage: Usage });
export type SentMessageReply = z.input<typeof SentMessageReply>;
