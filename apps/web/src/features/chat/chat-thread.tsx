// The open conversation: title with rename, export (.md) and delete (confirmed); the history with "load older"; the
// streamed answer; the composer; and one polite announcement when an answer is finished.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { CompactButton } from "../../ui/compact-button";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert } from "../../ui/form-alert";
import { InlineConfirm } from "../../ui/inline-confirm";
import { Loader } from "../../ui/loader";
import { RenameForm, useRenaming } from "../../ui/rename-form";
import { type Conversation, chatApi, chatKeys } from "./api";
import { Composer } from "./composer";
import { MessageItem, StreamingAnswer } from "./message-item";
import type { useThread } from "./use-thread";

type Thread = ReturnType<typeof useThread>;

function ConversationHeader({
  conversation,
  onDeleted,
  onRenamed,
}: {
  conversation: Conversation;
  onDeleted: () => void;
  onRenamed: (conversation: Conversation) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const renaming = useRenaming(conversation.title);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: chatKeys.allConversations });
  const fail = (error: unknown) => setFailure(errorText(t, error));

  const rename = useMutation({
    mutationFn: () => chatApi.rename(conversation.id, renaming.value.trim()),
    onSuccess: async (reply) => {
      onRenamed(reply.conversation);
      renaming.stop();
      setFailure(null);
      await refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => chatApi.remove(conversation.id),
    onSuccess: async () => {
      onDeleted();
      await refresh();
    },
    onError: fail,
  });
  const exportFile = useMutation({
    mutationFn: () => chatApi.exportMarkdown(conversation.id),
    onSuccess: (blob) => saveFile(blob, `conversation-${conversation.id}.md`),
    onError: fail,
  });

  return (
    <div className="flex flex-col gap-2 border-b border-border pb-3">
      {renaming.open ? (
        <RenameForm
          label={t("chat.renameLabel")}
          value={renaming.value}
          onChange={renaming.setValue}
          maxLength={200}
          onSave={() => rename.mutate()}
          onCancel={renaming.stop}
          saveDisabled={rename.isPending || renaming.value.trim() === ""}
          testId="chat-rename"
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            dir="auto"
            className="min-w-0 truncate text-lg font-bold text-fg"
            data-testid="chat-title"
          >
            {conversation.title || t("chat.untitled")}
          </h2>
          <div className="flex flex-wrap gap-1">
            <CompactButton onClick={renaming.start} data-testid="chat-rename">
              {t("chat.rename")}
            </CompactButton>
            <CompactButton
              onClick={() => exportFile.mutate()}
              disabled={exportFile.isPending}
              data-testid="chat-export"
            >
              {t("chat.export")}
            </CompactButton>
            <CompactButton onClick={() => setConfirming(true)} data-testid="chat-delete">
              {t("chat.delete")}
            </CompactButton>
          </div>
        </div>
      )}
      {confirming ? (
        <InlineConfirm
          question={t("chat.confirmDelete")}
          confirmLabel={t("chat.deleteForGood")}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
          pending={remove.isPending}
          testId="chat-delete-confirm"
        />
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}

export function ChatThread({
  conversation,
  entityName,
  thread,
  draft,
  onDraftChange,
  onSend,
  sendError,
  onDeleted,
  onRenamed,
  disabled,
}: {
  conversation: Conversation | null;
  entityName: string;
  thread: Thread;
  draft: string;
  onDraftChange: (value: string) => void;
  onSend: () => void;
  sendError: string | null;
  onDeleted: () => void;
  onRenamed: (conversation: Conversation) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);
  const streaming = thread.pending !== null;
  const count = thread.messages.length;
  const growing = thread.pending?.content.length ?? 0;
  const [helpfulError, setHelpfulError] = useState<string | null>(null);

  const markHelpful = async (messageId: string) => {
    setHelpfulError(null);
    try {
      thread.replaceMessage(await chatApi.markHelpful(messageId));
    } catch {
      setHelpfulError(t("chat.helpfulFailed"));
    }
  };

  // Follow the conversation's end as messages arrive and the answer grows (not when older pages are prepended).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count and growing are the triggers.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [count, growing]);

  const finished = thread.finished;
  const announcement =
    finished === null
      ? ""
      : finished.status === "complete"
        ? t("chat.announceDone", { name: entityName, text: finished.content.slice(0, 400) })
        : finished.status === "stopped"
          ? t("chat.announceStopped", { name: entityName })
          : t("chat.announceFailed", { name: entityName });

  return (
    <section className="flex min-h-[60vh] min-w-0 flex-col gap-3" aria-label={t("chat.thread")}>
      {conversation ? (
        <ConversationHeader
          key={conversation.id}
          conversation={conversation}
          onDeleted={onDeleted}
          onRenamed={onRenamed}
        />
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto" data-testid="chat-thread">
        {thread.hasOlder ? (
          <Button
            variant="secondary"
            className="self-center"
            onClick={() => void thread.loadOlder()}
            disabled={thread.loadingOlder}
            data-testid="chat-load-older"
          >
            {thread.loadingOlder ? t("common.loading") : t("chat.loadOlder")}
          </Button>
        ) : null}
        {thread.loading ? <Loader message={t("chat.loadingMessages")} /> : null}
        {thread.loadError ? (
          <div className="flex flex-wrap items-center gap-2">
            <FormAlert>{t("chat.messagesError")}</FormAlert>
            <Button variant="secondary" onClick={thread.reloadHistory}>
              {t("common.retry")}
            </Button>
          </div>
        ) : null}
        {!thread.loading && count === 0 && !streaming ? (
          <EmptyState
            icon="message"
            testId="chat-empty-conversation"
            title={t("chat.empty.firstQuestionTitle")}
            body={t("chat.empty.firstQuestionBody", { name: entityName })}
          />
        ) : (
          <ol className="flex flex-col gap-4" aria-label={t("chat.messages")}>
            {thread.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                entityName={entityName}
                retryDisabled={streaming}
                onRetry={
                  message.role === "assistant"
                    ? () => {
                        void thread.retry(message.id);
                      }
                    : undefined
                }
                onHelpful={() => void markHelpful(message.id)}
              />
            ))}
            {thread.pending ? (
              <StreamingAnswer content={thread.pending.content} entityName={entityName} />
            ) : null}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <div role="status" aria-live="polite" className="sr-only" data-testid="chat-live">
        {announcement}
      </div>
      {helpfulError ? <FormAlert>{helpfulError}</FormAlert> : null}
      {sendError ? <FormAlert testId="chat-send-error">{sendError}</FormAlert> : null}
      <Composer
        value={draft}
        onChange={onDraftChange}
        onSend={onSend}
        onStop={thread.stop}
        streaming={streaming}
        stopping={thread.pending?.stopping ?? false}
        disabled={disabled}
      />
    </section>
  );
}
