// One message of the thread: the user's text as written, an answer as safe Markdown; dir="auto" so Hebrew and English
// each run their own way; the retrieval label, and stopped or failed answers with their error and a Retry action.

import { useTranslation } from "react-i18next";
import { storedErrorText } from "../../lib/messages";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Markdown } from "../../ui/markdown";
import type { ChatMessage } from "./api";

export function MessageItem({
  message,
  entityName,
  onRetry,
  retryDisabled,
  onHelpful,
}: {
  message: ChatMessage;
  entityName: string;
  onRetry?: () => void;
  retryDisabled?: boolean;
  /** Marks an answer from a shared universe helpful (shown only where there is someone to thank). */
  onHelpful?: () => void;
}) {
  const { t } = useTranslation();
  const mine = message.role === "user";
  return (
    <li
      data-testid={mine ? "chat-user-message" : "chat-answer"}
      data-status={message.status}
      data-provider={message.provider ?? undefined}
      className={`flex flex-col gap-1 ${mine ? "items-end" : "items-start"}`}
    >
      <span className="text-xs font-semibold text-fg-muted">
        {mine ? t("chat.you") : entityName}
      </span>
      <div
        dir="auto"
        className={`max-w-[min(100%,48rem)] rounded-2xl px-4 py-2.5 text-start ${
          mine
            ? "bg-accent text-on-accent whitespace-pre-wrap"
            : "border border-border bg-surface text-fg"
        }`}
        data-testid={mine ? undefined : "chat-answer-text"}
      >
        {mine ? (
          message.content
        ) : message.content === "" ? (
          <span className="text-fg-muted">{t("chat.emptyAnswer")}</span>
        ) : (
          <Markdown
            text={message.content}
            labels={{ copy: t("chat.copy"), copied: t("chat.copied") }}
          />
        )}
      </div>
      {!mine ? (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {message.provider === "retrieval" ? (
            <span data-testid="chat-retrieval-label">
              <Badge tone="warning">{t("chat.retrieval")}</Badge>
            </span>
          ) : null}
          {message.status === "stopped" ? (
            <span data-testid="chat-answer-stopped">
              <Badge tone="neutral">{t("chat.stopped")}</Badge>
            </span>
          ) : null}
          {message.status === "failed" ? (
            <span data-testid="chat-answer-failed" className="font-semibold text-error">
              {message.error || message.errorCode
                ? t("chat.failedWith", { error: storedErrorText(t, message.errorCode) })
                : t("chat.failed")}
            </span>
          ) : null}
          {message.status !== "complete" && onRetry ? (
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              onClick={onRetry}
              disabled={retryDisabled}
              data-testid="chat-retry"
            >
              {t("chat.retry")}
            </Button>
          ) : null}
          {message.helpful === true ? (
            <span data-testid="chat-helpful-marked">
              <Badge tone="success">{t("chat.helpfulMarked")}</Badge>
            </span>
          ) : null}
          {message.helpful === false && onHelpful ? (
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              onClick={onHelpful}
              data-testid="chat-mark-helpful"
            >
              {t("chat.markHelpful")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The answer while it streams: rendered as it grows, marked busy; the live region speaks only at the end. */
export function StreamingAnswer({ content, entityName }: { content: string; entityName: string }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col items-start gap-1" data-testid="chat-streaming" aria-busy="true">
      <span className="text-xs font-semibold text-fg-muted">{entityName}</span>
      <div
        dir="auto"
        className="max-w-[min(100%,48rem)] rounded-2xl border border-primary bg-surface px-4 py-2.5 text-start text-fg"
        data-testid="chat-streaming-text"
      >
        {content === "" ? (
          <span className="animate-pulse text-fg-muted">{t("chat.thinking")}</span>
        ) : (
          <Markdown text={content} labels={{ copy: t("chat.copy"), copied: t("chat.copied") }} />
        )}
      </div>
    </li>
  );
}
