// /chat: pick an entity (grouped by universe), find or start a conversation, and talk with streamed answers. A new user
// is guided: no universe → create one, no entity → add one, no conversation → ask the first question. The open
// conversation is in the address (/chat?c=<id>), so a reload or a copied link opens it again.
import { ConversationParams } from "@aacos/domain/validation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorText, translateError } from "../../lib/messages";
import { useRememberedDraft } from "../../lib/remembered-draft";
import { groupByUniverse, useEntities, useUniverses } from "../../lib/workspace-queries";
import { ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { PageHeading } from "../../ui/page-heading";
import { workspaceWait } from "../../ui/workspace-wait";
import { type Conversation, chatApi, chatKeys } from "./api";
import { ChatThread } from "./chat-thread";
import { ConversationSidebar } from "./conversation-sidebar";
import { useThread } from "./use-thread";

/** The conversation as the freshly read list has it (the server titles a conversation after its first question). */
function listed(client: ReturnType<typeof useQueryClient>, id: string): Conversation | undefined {
  for (const [, data] of client.getQueriesData<{ items: Conversation[] }>({
    queryKey: chatKeys.allConversations,
  })) {
    const found = data?.items.find((conversation) => conversation.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Nothing to talk to yet: what is missing, and the way to the command center to create it. */
function CreateFirst({ what }: { what: "universe" | "entity" }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={what === "universe" ? "orbit" : "bot"}
      testId={`chat-empty-${what}`}
      title={t(`chat.empty.${what}Title`)}
      body={t(`chat.empty.${what}Body`)}
      action={
        <ButtonLink to="/ai/command-center" data-testid={`chat-go-create-${what}`}>
          {t(`chat.empty.${what}Action`)}
        </ButtonLink>
      }
    />
  );
}

/** The address's name for the open conversation's id. */
const CONVERSATION_PARAM = "c";

/** The address's parameters with `id` as the open conversation (none: null), the rest kept. */
function addressWith(params: URLSearchParams, id: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete(CONVERSATION_PARAM);
  else next.set(CONVERSATION_PARAM, id);
  return next;
}

export function ChatScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const universes = useUniverses();
  const entities = useEntities();
  const [entityId, setEntityId] = useState("");
  const [selected, setSelectedState] = useState<Conversation | null>(null);
  const [address, setAddress] = useSearchParams();
  // The conversation the address named when the screen opened (a reload, a copied link); null once it is open.
  const [fromAddress, setFromAddress] = useState(() => address.get(CONVERSATION_PARAM));
  const [draft, setDraft] = useRememberedDraft("chat-draft");
  const [sendError, setSendError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [queued, setQueued] = useState<{ conversationId: string; content: string } | null>(null);
  const thread = useThread(selected?.id ?? null);

  /** Opens a conversation (null: none) and keeps its id in the address, without a history entry per pick. */
  const setSelected = (conversation: Conversation | null) => {
    setSelectedState(conversation);
    setFromAddress(null);
    setAddress((params) => addressWith(params, conversation?.id ?? null), { replace: true });
  };

  // An id of the wrong form (a mangled link) names no conversation: not asked for.
  const linkable =
    fromAddress !== null && ConversationParams.safeParse({ id: fromAddress }).success;
  const linked = useQuery({
    queryKey: chatKeys.conversation(fromAddress ?? ""),
    queryFn: ({ signal }) => chatApi.get(fromAddress ?? "", signal),
    enabled: linkable,
    retry: false,
  });
  useEffect(() => {
    if (fromAddress === null) return;
    if (linked.data !== undefined) {
      setSelectedState(linked.data);
      setEntityId(linked.data.entityId);
      setFromAddress(null);
    } else if (!linkable || linked.isError) {
      // Deleted, someone else's or mangled: say so, and leave the address of a conversation that cannot open.
      setSendError(
        linkable
          ? refusal(linked.error)
          : translateError(t, { code: "not_found", params: { subject: "conversation" } }),
      );
      setAddress((params) => addressWith(params, null), { replace: true });
      setFromAddress(null);
    }
  });

  const groups = useMemo(
    () => groupByUniverse(universes.data ?? [], entities.data ?? []),
    [universes.data, entities.data],
  );
  const allEntities = entities.data ?? [];

  // The first entity of an active universe is picked until the user (or the conversation the address opens) picks
  // another: not before the entities are read, nor while that conversation is read, which would drop its pick.
  useEffect(() => {
    if (entities.data === undefined || fromAddress !== null) return;
    if (entityId !== "" && allEntities.some((entity) => entity.id === entityId)) return;
    const first = groups.flatMap((group) => group.entities)[0];
    setEntityId(first?.id ?? "");
  }, [entities.data, fromAddress, allEntities, entityId, groups]);

  const refreshList = () => client.invalidateQueries({ queryKey: chatKeys.allConversations });

  const refusal = (error: unknown) => errorText(t, error);

  const ask = async (conversationId: string, content: string) => {
    const outcome = await thread.send(content, conversationId);
    if (!outcome.ok && outcome.error !== null) {
      setDraft((current) => (current === "" ? content : current));
      setSendError(refusal(outcome.error));
    }
    await refreshList();
    const fresh = listed(client, conversationId);
    if (fresh) setSelectedState((current) => (current?.id === fresh.id ? fresh : current));
  };

  // A first question typed before any conversation existed is sent once the new conversation is open.
  useEffect(() => {
    if (queued === null || selected?.id !== queued.conversationId || !thread.ready) return;
    setQueued(null);
    void ask(queued.conversationId, queued.content);
  });

  const startConversation = async (): Promise<Conversation | null> => {
    if (entityId === "") return null;
    setCreating(true);
    try {
      const conversation = await chatApi.create(entityId);
      setSelected(conversation);
      await refreshList();
      return conversation;
    } catch (error) {
      setSendError(refusal(error));
      return null;
    } finally {
      setCreating(false);
    }
  };

  const onSend = async () => {
    const content = draft.trim();
    if (content === "") return;
    setSendError(null);
    setDraft("");
    if (selected) {
      await ask(selected.id, content);
      return;
    }
    const conversation = await startConversation();
    if (conversation) setQueued({ conversationId: conversation.id, content });
    else setDraft(content);
  };

  const waiting = workspaceWait(t, universes, entities);
  let body: ReactNode;
  if (waiting !== null || universes.data === undefined || entities.data === undefined) {
    body = waiting;
  } else if (universes.data.length === 0) {
    body = <CreateFirst what="universe" />;
  } else if (entities.data.length === 0) {
    body = <CreateFirst what="entity" />;
  } else {
    const talkingTo = allEntities.find((entity) => entity.id === (selected?.entityId ?? entityId));
    body = (
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="min-w-0 self-start">
          <ConversationSidebar
            groups={groups}
            entityId={entityId}
            onEntityChange={(next) => {
              setEntityId(next);
              setSelected(null);
            }}
            selectedId={selected?.id ?? null}
            onSelect={(conversation) => {
              setSendError(null);
              setSelected(conversation);
              setEntityId(conversation.entityId);
            }}
            onNew={() => {
              setSendError(null);
              void startConversation();
            }}
            creating={creating}
          />
        </Card>
        <Card className="min-w-0">
          <ChatThread
            conversation={selected}
            entityName={talkingTo?.name ?? ""}
            thread={thread}
            draft={draft}
            onDraftChange={setDraft}
            onSend={() => void onSend()}
            sendError={sendError}
            onDeleted={() => setSelected(null)}
            onRenamed={(conversation) => setSelected(conversation)}
            disabled={creating || entityId === ""}
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="chat-screen">
      <PageHeading title={t("chat.title")} lead={t("chat.lead")} />
      {body}
    </div>
  );
}
