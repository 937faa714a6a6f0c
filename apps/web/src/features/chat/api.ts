// Calls of the chat: conversations (create, list/search, read one, rename, delete, export), paged history, stop, and the
// streamed answer (POST …/messages as server-sent events).
import type {
  ChatMessage,
  Conversation,
  MessagePage,
  PageOf,
  StoppedReply,
} from "@aacos/domain/replies";
import { apiDelete, apiDownload, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { type SseEvent, streamSse } from "../../lib/sse-stream";

export type { ChatMessage, Conversation };

export const chatKeys = {
  conversations: (search: string, entityId: string) =>
    ["chat", "conversations", search, entityId] as const,
  allConversations: ["chat", "conversations"] as const,
  conversation: (id: string) => ["chat", "conversation", id] as const,
};

const conversationPath = (id: string) => `/chat/conversations/${encodeURIComponent(id)}`;

export const HISTORY_PAGE = 30;

export const chatApi = {
  list: (query: { search: string; entityId: string }, signal?: AbortSignal) => {
    const params = new URLSearchParams({ page: "1", pageSize: "50" });
    if (query.search) params.set("search", query.search);
    if (query.entityId) params.set("entityId", query.entityId);
    return apiGet<PageOf<typeof Conversation>>(`/chat/conversations?${params.toString()}`, signal);
  },
  create: (entityId: string) =>
    apiPost<{ conversation: Conversation }>("/chat/conversations", { entityId }).then(
      (reply) => reply.conversation,
    ),
  get: (id: string, signal?: AbortSignal) =>
    apiGet<{ conversation: Conversation }>(conversationPath(id), signal).then(
      (reply) => reply.conversation,
    ),
  rename: (id: string, title: string) =>
    apiPatch<{ conversation: Conversation }>(conversationPath(id), { title }),
  remove: (id: string) => apiDelete(conversationPath(id)),
  exportMarkdown: (id: string) => apiDownload(`${conversationPath(id)}/export`),
  history: (id: string, before: string | null, signal?: AbortSignal) => {
    const params = new URLSearchParams({ limit: String(HISTORY_PAGE) });
    if (before) params.set("before", before);
    return apiGet<MessagePage>(`${conversationPath(id)}/messages?${params.toString()}`, signal);
  },
  stop: (id: string) => apiPost<StoppedReply>(`${conversationPath(id)}/stop`),
  markHelpful: (messageId: string) =>
    apiPost<{ message: ChatMessage }>(
      `/chat/messages/${encodeURIComponent(messageId)}/helpful`,
    ).then((reply) => reply.message),
  send: (id: string, content: string, onEvent: (event: SseEvent) => void, signal: AbortSignal) =>
    streamSse(`${conversationPath(id)}/messages`, { content }, onEvent, signal),
};
