// Public API of the chat feature.
export { chatRoutes } from "./routes.js";
export type { ChatService, ConversationView, MessageView, SentAnswer } from "./service.js";
export { createChatService } from "./service.js";
