// Calls of the chat: conversations (create, list/search, rename, delete, export), paged history, stop, and the
// streamed answer (POST …/messages as server-sent events).
import { apiDelete, apiDownload, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { type SseEvent, streamSse } from "../../lib/sse-stream";

export interface Conversation {
  id: string;
  entityId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export type AnswerStatus = "complete" | "stopped" | "failed";

export interface ChatMessage {
  id: string;
  conversationId: string;
  role: "user" | "assistant";
  content: string;
  /** "openai-compatible" or "retrieval" on answers; null on the user's own. */
  provider: string | null;
  status: AnswerStatus;
  error: string | null;
  promptTokens: number;
  completionTokens: number;
  createdAt: string;
  /** An answer from a universe shared with the user: marked helpful or not; null when there is nobody to thank. */
  helpful: boolean | null;
}

export const chatKeys = {
  conversations: (search: string, entityId: string) =>
    ["chat", "conversations", search, entityId] as const,
  allConversations: ["chat", "conversations"] as const,
};

const conversationPath = (id: string) => `/chat/conversations/${encodeURIComponent(id)}`;

export const HISTORY_PAGE = 30;

export const chatApi = {
  list: (query: { search: string; entityId: string }, signal?: AbortSignal) => {
    const params = new URLSearchParams({ page: "1", pageSize: "50" });
    if (query.search) params.set("search", query.search);
    if (query.entityId) params.set("entityId", query.entityId);
    return apiGet<{ items: Conversation[]; total: number }>(
      `/chat/conversations?${params.toString()}`,
      signal,
    );
  },
  create: (entityId: string) =>
    apiPost<{ conversation: Conversation }>("/chat/conversations", { entityId }).then(
      (reply) => reply.conversation,
    ),
  rename: (id: string, title: string) =>
    apiPatch<{ conversation: Conversation }>(conversationPath(id), { title }),
  remove: (id: string) => apiDelete(conversationPath(id)),
  exportMarkdown: (id: string) => apiDownload(`${conversationPath(id)}/export`),
  history: (id: string, before: string | null, signal?: AbortSignal) => {
    const params = new URLSearchParams({ limit: String(HISTORY_PAGE) });
    if (before) params.set("before", before);
    return apiGet<{ items: ChatMessage[]; nextBefore: string | null }>(
      `${conversationPath(id)}/messages?${params.toString()}`,
      signal,
    );
  },
  stop: (id: string) => apiPost<{ stopped: boolean }>(`${conversationPath(id)}/stop`),
  markHelpful: (messageId: string) =>
    apiPost<{ message: ChatMessage }>(
      `/chat/messages/${encodeURIComponent(messageId)}/helpful`,
    ).then((reply) => reply.message),
  send: (id: string, content: string, onEvent: (event: SseEvent) => void, signal: AbortSignal) =>
    streamSse(`${conversationPath(id)}/messages`, { content }, onEvent, signal),
};
