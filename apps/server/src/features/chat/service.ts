// Conversations per user and entity: create, list and search, paged history, rename, delete, Markdown export, and
// sending a message whose answer streams from the AI gateway (stop and disconnect keep what arrived).

import { storedErrorOf } from "@aacos/domain/errors";
import type { ChatMessage, Conversation } from "@aacos/domain/replies";
import type { ConversationListQuery, MessageHistoryQuery } from "@aacos/domain/validation";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { likeContaining } from "../../db/like.js";
import { fetchPage } from "../../db/paging.js";
import { conversations, entities, messages, progressLedger, universes } from "../../db/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import type { AiService, ChatTurn, Plan, Usage } from "../ai/index.js";

/** Past messages sent with a new one; older ones stay in the history but not in the prompt. */
export const PROMPT_HISTORY = 20;
const TITLE_LENGTH = 60;

/** The chat's reply shapes, declared once in the domain (docs/decisions/240-reply-schemas.md). */
export type ConversationView = Conversation;
export type MessageView = ChatMessage;

export interface SentAnswer {
  message: MessageView;
  usage: Usage;
  userMessage: MessageView;
  runId: string;
}

/** A message accepted and checked (owner, model, allowance); running it streams the answer. */
export interface PendingAnswer {
  run(options: { onDelta: (text: string) => void; signal: AbortSignal }): Promise<SentAnswer>;
}

export interface ChatService {
  create(userId: string, entityId: string): Promise<ConversationView>;
  list(
    userId: string,
    query: ConversationListQuery,
  ): Promise<{ items: ConversationView[]; total: number }>;
  history(
    userId: string,
    conversationId: string,
    query: MessageHistoryQuery,
  ): Promise<{ items: MessageView[]; nextBefore: string | null }>;
  /** The caller's own conversation (a reloaded or shared chat address opens it); 404 for anyone else's. */
  get(userId: string, conversationId: string): Promise<ConversationView>;
  rename(userId: string, conversationId: string, title: string): Promise<ConversationView>;
  remove(userId: string, conversationId: string): Promise<void>;
  exportMarkdown(
    userId: string,
    conversationId: string,
  ): Promise<{ fileName: string; markdown: string }>;
  prepareMessage(plan: Plan, conversationId: string, content: string): Promise<PendingAnswer>;
  /** Marks an answer from a shared universe helpful, once; the universe's owner is credited. */
  markHelpful(userId: string, messageId: string): Promise<MessageView>;
  stop(userId: string, conversationId: string): Promise<{ stopped: boolean }>;
}

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;
/** A past message as the prompt sends it. */
type PastTurn = { role: string; content: string };

function conversationView(row: ConversationRow): ConversationView {
  return {
    id: row.id,
    entityId: row.entityId,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `shared`: the conversation's entity lives in someone else's universe; `marked`: the answer was marked helpful. */
function messageView(row: MessageRow, shared = false, marked = false): MessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role === "user" ? "user" : "assistant",
    content: row.content,
    provider: row.provider,
    status: row.status === "stopped" || row.status === "failed" ? row.status : "complete",
    error: row.error,
    errorCode: storedErrorOf(row.errorCode, row.errorParams),
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    createdAt: row.createdAt.toISOString(),
    helpful: shared && row.role === "assistant" && row.status === "complete" ? marked : null,
  };
}

/** The progress-ledger key of the mark: the owner's credit for this answer, once. */
export function helpfulSourceKey(messageId: string): string {
  return `helpfulAnswer:${messageId}`;
}

/** The first line of the first message, cut at a word near 60 characters. */
export function titleFrom(content: string): string {
  const line = content.trim().split("\n")[0]?.trim() ?? "";
  if (line.length <= TITLE_LENGTH) return line;
  const cut = line.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A settled read's value, or its failure thrown (in the order the reads were listed). */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

/** The caller's own conversation of that id; anyone else's answers like a missing one. */
const ownConversation = (userId: string, conversationId: string) =>
  and(eq(conversations.id, conversationId), eq(conversations.userId, userId));
const noSuchConversation = () => notFound("conversation", "Conversation not found");

export function createChatService(deps: {
  db: Db;
  clock: () => Date;
  ai: AiService;
  /** Progression: a chat message earns XP once per message. */
  onMessage?: (userId: string, messageId: string) => Promise<unknown>;
  /** Progression: an answer from `ownerId`'s shared universe was marked helpful (at most once per answer). */
  onHelpful?: (ownerId: string, messageId: string) => Promise<unknown>;
  log?: { warn: (object: object, message: string) => void };
}): ChatService {
  const { db, ai } = deps;
  /** A conversation's last messages, newest first: the prompt's history (built once, read per message). */
  const recent = db
    .select({
      role: messages.role,
      content: messages.content,
      createdAt: messages.createdAt,
      id: messages.id,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(PROMPT_HISTORY)
    .as("recent");

  /**
   * The caller's conversation with what a new message needs of it, in one statement (decisions 397, 398): the owner of
   * the universe its entity lives in (null: gone), the prompt's history, oldest first, and the entity as the AI
   * gateway answers with it. 404 for anyone else's conversation first, then for an entity the caller may not read.
   */
  async function forMessage(userId: string, conversationId: string) {
    const entity = ai.directory.entityBeside(userId, sql`${conversations.entityId}`);
    const [row] = await db
      .select({
        ownerId: universes.userId,
        entity: entity.value,
        past: sql<
          PastTurn[]
        >`(select coalesce(json_agg(json_build_object('role', ${recent.role}, 'content', ${recent.content})
          order by ${recent.createdAt}, ${recent.id}), '[]') from ${recent})`,
      })
      .from(conversations)
      .leftJoin(entities, eq(entities.id, conversations.entityId))
      .leftJoin(universes, eq(universes.id, entities.universeId))
      .where(ownConversation(userId, conversationId));
    if (row === undefined) throw noSuchConversation();
    return { ...row, entity: entity.read(row.entity) };
  }

  async function owned(userId: string, conversationId: string): Promise<ConversationRow> {
    const [row] = await db
      .select()
      .from(conversations)
      .where(ownConversation(userId, conversationId));
    if (row === undefined) throw noSuchConversation();
    return row;
  }

  /** The owner of the universe an entity lives in. */
  async function universeOwner(entityId: string): Promise<string | null> {
    const [row] = await db
      .select({ ownerId: universes.userId })
      .from(entities)
      .innerJoin(universes, eq(universes.id, entities.universeId))
      .where(eq(entities.id, entityId));
    return row?.ownerId ?? null;
  }

  /** Which of these answers the owner has been credited for (the ledger row is the mark). */
  async function markedHelpful(ownerId: string, messageIds: string[]): Promise<Set<string>> {
    if (messageIds.length === 0) return new Set();
    const rows = await db
      .select({ sourceKey: progressLedger.sourceKey })
      .from(progressLedger)
      .where(
        and(
          eq(progressLedger.userId, ownerId),
          inArray(
            progressLedger.sourceKey,
            messageIds.map((id) => helpfulSourceKey(id)),
          ),
        ),
      );
    return new Set(rows.map((row) => row.sourceKey));
  }

  return {
    async create(userId, entityId) {
      await ai.directory.getEntity(userId, entityId);
      const now = deps.clock();
      const [row] = await db
        .insert(conversations)
        .values({ userId, entityId, createdAt: now, updatedAt: now })
        .returning();
      if (row === undefined) throw new Error("conversation not created");
      return conversationView(row);
    },

    async list(userId, query) {
      const filters: SQL[] = [eq(conversations.userId, userId)];
      if (query.entityId !== undefined) filters.push(eq(conversations.entityId, query.entityId));
      if (query.search !== undefined && query.search !== "") {
        const pattern = likeContaining(query.search);
        const matched = or(
          ilike(conversations.title, pattern),
          sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id}
            and ${messages.content} ilike ${pattern})`,
        );
        if (matched !== undefined) filters.push(matched);
      }
      const where = and(...filters);
      const { items, total } = await fetchPage(
        query,
        db
          .select()
          .from(conversations)
          .where(where)
          .orderBy(desc(conversations.updatedAt), desc(conversations.id)),
        db.select({ n: count() }).from(conversations).where(where),
      );
      return { items: items.map(conversationView), total };
    },

    async history(userId, conversationId, query) {
      const conversation = await owned(userId, conversationId);
      // A conversation with an entity the user can no longer reach (left or removed from its team) is closed too.
      await ai.directory.getEntity(userId, conversation.entityId);
      const filters: SQL[] = [eq(messages.conversationId, conversationId)];
      if (query.before !== undefined) {
        const [cursor] = await db
          .select({ createdAt: messages.createdAt, id: messages.id })
          .from(messages)
          .where(and(eq(messages.id, query.before), eq(messages.conversationId, conversationId)));
        if (cursor === undefined) throw notFound("message", "Message not found");
        filters.push(
          sql`(${messages.createdAt}, ${messages.id}) < (${cursor.createdAt}, ${cursor.id})`,
        );
      }
      const rows = await db
        .select()
        .from(messages)
        .where(and(...filters))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit).reverse();
      const oldest = page[0];
      const owner = await universeOwner(conversation.entityId);
      const shared = owner !== null && owner !== userId;
      const marked = shared
        ? await markedHelpful(
            owner,
            page.map((row) => row.id),
          )
        : new Set<string>();
      return {
        items: page.map((row) => messageView(row, shared, marked.has(helpfulSourceKey(row.id)))),
        nextBefore: rows.length > query.limit && oldest !== undefined ? oldest.id : null,
      };
    },

    async get(userId, conversationId) {
      return conversationView(await owned(userId, conversationId));
    },

    async rename(userId, conversationId, title) {
      await owned(userId, conversationId);
      const [row] = await db
        .update(conversations)
        .set({ title, updatedAt: deps.clock() })
        .where(ownConversation(userId, conversationId))
        .returning();
      if (row === undefined) throw noSuchConversation();
      return conversationView(row);
    },

    async remove(userId, conversationId) {
      await owned(userId, conversationId);
      // The answer saves into this conversation: stopped first (at once here, through the bus elsewhere).
      void ai.stop(conversationId);
      await db.delete(conversations).where(ownConversation(userId, conversationId));
    },

    async exportMarkdown(userId, conversationId) {
      const conversation = await owned(userId, conversationId);
      const entity = await ai.directory.getEntity(userId, conversation.entityId);
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      const title = conversation.title || "Conversation";
      const parts = [
        `# ${title}`,
        `_Conversation with ${entity.name}, exported ${deps.clock().toISOString()}_`,
      ];
      for (const row of rows) {
        const who = row.role === "user" ? "You" : entity.name;
        const notes = [
          row.provider === "retrieval" ? "retrieval, no language model" : null,
          row.status === "stopped" ? "stopped" : null,
          row.status === "failed" ? `failed: ${row.error ?? "unknown error"}` : null,
        ].filter((note): note is string => note !== null);
        const suffix = notes.length > 0 ? ` (${notes.join("; ")})` : "";
        parts.push(
          `## ${who} — ${row.createdAt.toISOString()}${suffix}`,
          row.content || "_(empty)_",
        );
      }
      return { fileName: `conversation-${conversationId}.md`, markdown: `${parts.join("\n\n")}\n` };
    },

    async prepareMessage(plan, conversationId, content) {
      // Both reads that decide whether and what to ask go out at once (on a pool they run side by side): the
      // conversation with its entity and the prompt's history, and today's AI allowance. The refusals keep their
      // order: the conversation's (or its entity's) 404 first, then the allowance's.
      const [conversationRead, allowanceRead] = await Promise.allSettled([
        forMessage(plan.userId, conversationId),
        ai.allowanceCheck(plan),
      ] as const);
      const conversation = settled(conversationRead);
      const allowanceCheck = settled(allowanceRead);
      const { entity } = conversation;
      const model = ai.modelFor(plan, entity);
      const owner = conversation.ownerId;
      const shared = owner !== null && owner !== plan.userId;
      const turns: ChatTurn[] = [
        ...(entity.systemPrompt.trim() === ""
          ? []
          : [{ role: "system" as const, content: entity.systemPrompt }]),
        ...conversation.past
          .filter((turn) => turn.content !== "")
          .map((turn) => ({
            role: turn.role === "user" ? ("user" as const) : ("assistant" as const),
            content: turn.content,
          })),
        { role: "user", content },
      ];
      allowanceCheck(ai.estimate(turns));
      const controller = ai.begin(conversationId);

      return {
        async run({ onDelta, signal }) {
          const forward = () => controller.abort(signal.reason);
          signal.addEventListener("abort", forward, { once: true });
          try {
            const askedAt = deps.clock();
            // The question is saved once the answer's first words are relayed (or as it ends, when none come), so
            // the first byte waits for no write; the answer is saved only after it, and a failed save stops the
            // answer.
            let saving: Promise<typeof messages.$inferSelect> | null = null;
            const save = () => {
              if (saving === null) {
                saving = db
                  .insert(messages)
                  .values({ conversationId, role: "user", content, createdAt: askedAt })
                  .returning()
                  .then(([row]) => {
                    if (row === undefined) throw new Error("message not saved");
                    return row;
                  });
                saving.catch((error: unknown) => controller.abort(error));
              }
              return saving;
            };
            const answer = await ai.answer({
              plan,
              entity,
              model,
              turns,
              kind: "chat",
              input: content,
              recordAtFirstWords: true,
              signal: controller.signal,
              onDelta: (text) => {
                onDelta(text);
                void save();
              },
            });
            const asked = await save();
            // After the question even when the clock stands still (tests), so history keeps its order.
            const answeredAt = new Date(Math.max(deps.clock().getTime(), askedAt.getTime() + 1));
            const [saved] = await db
              .insert(messages)
              .values({
                conversationId,
                role: "assistant",
                content: answer.content,
                provider: answer.provider,
                status: answer.status,
                promptTokens: answer.usage.promptTokens,
                completionTokens: answer.usage.completionTokens,
                error: answer.error,
                errorCode: answer.errorCode?.code ?? null,
                errorParams: answer.errorCode?.params ?? null,
                createdAt: answeredAt,
              })
              .returning();
            if (saved === undefined) throw new Error("answer not saved");
            await db
              .update(conversations)
              .set({
                updatedAt: answeredAt,
                // Title defaults from the first message, unless the user renamed it meanwhile.
                title: sql`case when ${conversations.title} = '' then ${titleFrom(content)} else ${conversations.title} end`,
              })
              .where(eq(conversations.id, conversationId));
            await deps
              .onMessage?.(plan.userId, asked.id)
              .catch((error: unknown) =>
                deps.log?.warn({ err: error }, "chat message XP not recorded"),
              );
            return {
              message: messageView(saved, shared),
              usage: answer.usage,
              userMessage: messageView(asked),
              runId: answer.runId,
            };
          } finally {
            signal.removeEventListener("abort", forward);
            ai.end(conversationId, controller);
          }
        },
      };
    },

    async markHelpful(userId, messageId) {
      const [found] = await db
        .select({ message: messages, entityId: conversations.entityId })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(messages.id, messageId), eq(conversations.userId, userId)));
      if (found === undefined) throw notFound("message", "Message not found");
      // Someone who lost access to the universe (left the team) cannot thank it any more.
      await ai.directory.getEntity(userId, found.entityId);
      const owner = await universeOwner(found.entityId);
      if (owner === null || owner === userId) {
        throw conflict(
          "answer_not_shared",
          "Only an answer from a universe shared with you can be marked helpful",
        );
      }
      if (found.message.role !== "assistant" || found.message.status !== "complete") {
        throw conflict("answer_incomplete", "Only a complete answer can be marked helpful");
      }
      await deps.onHelpful?.(owner, messageId);
      return messageView(found.message, true, true);
    },

    async stop(userId, conversationId) {
      await owned(userId, conversationId);
      return { stopped: await ai.stop(conversationId) };
    },
  };
}
