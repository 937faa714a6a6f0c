// HTTP of the chat: conversations (create, list/search, read one, rename, delete, export), paged history, sending a message
// (server-sent events or one JSON answer, by Accept), stopping a running answer, and marking a shared answer helpful.

import {
  ChatMessage,
  Conversation,
  MessagePage,
  pageOf,
  replyOf,
  SentMessageReply,
  StoppedReply,
} from "@aacos/domain/replies";
import {
  ConversationListQuery,
  ConversationParams,
  CreateConversationBody,
  MessageHistoryQuery,
  MessageParams,
  RenameConversationBody,
  SendMessageBody,
} from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { hangUpSignal, planOf, streamAnswer, wantsEventStream } from "../ai/index.js";
import type { ChatService } from "./service.js";

export async function chatRoutes(app: FastifyInstance, deps: { chat: ChatService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { chat } = deps;

  api.post(
    "/api/chat/conversations",
    {
      ...signedIn,
      schema: {
        body: CreateConversationBody,
        response: { 201: replyOf("conversation", Conversation) },
      },
    },
    async (request, reply) => {
      const conversation = await chat.create(planOf(request).userId, request.body.entityId);
      return reply.status(201).send({ conversation });
    },
  );

  api.get(
    "/api/chat/conversations",
    {
      ...signedIn,
      schema: { querystring: ConversationListQuery, response: { 200: pageOf(Conversation) } },
    },
    async (request) => chat.list(planOf(request).userId, request.query),
  );

  api.get(
    "/api/chat/conversations/:id",
    {
      ...signedIn,
      schema: {
        params: ConversationParams,
        response: { 200: replyOf("conversation", Conversation) },
      },
    },
    async (request) => ({
      conversation: await chat.get(planOf(request).userId, request.params.id),
    }),
  );

  api.patch(
    "/api/chat/conversations/:id",
    {
      ...signedIn,
      schema: {
        params: ConversationParams,
        body: RenameConversationBody,
        response: { 200: replyOf("conversation", Conversation) },
      },
    },
    async (request) => ({
      conversation: await chat.rename(
        planOf(request).userId,
        request.params.id,
        request.body.title,
      ),
    }),
  );

  api.delete(
    "/api/chat/conversations/:id",
    { ...signedIn, schema: { params: ConversationParams } },
    async (request, reply) => {
      await chat.remove(planOf(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  api.get(
    "/api/chat/conversations/:id/messages",
    {
      ...signedIn,
      schema: {
        params: ConversationParams,
        querystring: MessageHistoryQuery,
        response: { 200: MessagePage },
      },
    },
    async (request) => chat.history(planOf(request).userId, request.params.id, request.query),
  );

  api.get(
    "/api/chat/conversations/:id/export",
    { ...signedIn, schema: { params: ConversationParams } },
    async (request, reply) => {
      const { fileName, markdown } = await chat.exportMarkdown(
        planOf(request).userId,
        request.params.id,
      );
      return reply
        .header("content-type", "text/markdown; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(markdown);
    },
  );

  api.post(
    "/api/chat/messages/:id/helpful",
    {
      ...signedIn,
      schema: { params: MessageParams, response: { 200: replyOf("message", ChatMessage) } },
    },
    async (request) => ({
      message: await chat.markHelpful(planOf(request).userId, request.params.id),
    }),
  );

  api.post(
    "/api/chat/conversations/:id/stop",
    { ...signedIn, schema: { params: ConversationParams, response: { 200: StoppedReply } } },
    async (request) => chat.stop(planOf(request).userId, request.params.id),
  );

  api.post(
    "/api/chat/conversations/:id/messages",
    {
      ...signedIn,
      schema: {
        params: ConversationParams,
        body: SendMessageBody,
        response: { 200: SentMessageReply },
      },
    },
    async (request, reply) => {
      // Every refusal (404, 403, 429, 409) is an ordinary JSON error, before any stream opens or provider is called.
      const pending = await chat.prepareMessage(
        planOf(request),
        request.params.id,
        request.body.content,
      );
      if (!wantsEventStream(request)) {
        // A client that hangs up before the answer is whole stops it; what arrived is saved.
        const sent = await pending.run({ onDelta: () => {}, signal: hangUpSignal(reply) });
        return { message: sent.message, usage: sent.usage };
      }
      streamAnswer(
        request,
        reply,
        (events, signal) => pending.run({ onDelta: (delta) => events.send({ delta }), signal }),
        (sent) => ({ message: sent.message, usage: sent.usage }),
        "chat answer failed",
      );
      return reply;
    },
  );
}
