// /chat: pick an entity (grouped by universe), find or start a conversation, and talk with streamed answers. A new user
// is guided: no universe → create one, no entity → add one, no conversation → ask the first question.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import { useRememberedDraft } from "../../lib/remembered-draft";
import { groupByUniverse, useEntities, useUniverses } from "../../lib/workspace-queries";
import { ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { PageHeading } from "../../ui/page-heading";
import { workspaceWait } from "../../ui/workspace-wait";
import { type Conversation, chatApi, chatKeys } from "./api";

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

import { ChatThread } from "./chat-thread";
import { ConversationSidebar } from "./conversation-sidebar";
import { useThread } from "./use-thread";

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

export function ChatScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const universes = useUniverses();
  const entities = useEntities();
  const [entityId, setEntityId] = useState("");
  const [selected, setSelected] = useState<Conversation | null>(null);
  const [draft, setDraft] = useRememberedDraft("chat-draft");
  const [sendError, setSendError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [queued, setQueued] = useState<{ conversationId: string; content: string } | null>(null);
  const thread = useThread(selected?.id ?? null);

  const groups = useMemo(
    () => groupByUniverse(universes.data ?? [], entities.data ?? []),
    [universes.data, entities.data],
  );
  const allEntities = entities.data ?? [];

  // The first entity of an active universe is picked until the user picks another.
  useEffect(() => {
    if (entityId !== "" && allEntities.some((entity) => entity.id === entityId)) return;
    const first = groups.flatMap((group) => group.entities)[0];
    setEntityId(first?.id ?? "");
  }, [allEntities, entityId, groups]);

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
    if (fresh) setSelected((current) => (current?.id === fresh.id ? fresh : current));
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
