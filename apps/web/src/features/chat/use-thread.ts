// One conversation's thread: history paged backwards, the streamed answer (deltas, done, error), stop (POST …/stop,
// then the abort as a fallback) and retry, with a completion announcement for screen readers.
import { type StoredError, storedErrorOf } from "@aacos/domain/errors";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "../../lib/api-client";
import type { SseEvent } from "../../lib/sse-stream";
import { type ChatMessage, chatApi } from "./api";

/** How long a stop waits for the server's own `done` before the stream is cut from this side. */
const STOP_GRACE_MS = 3000;

export interface PendingAnswer {
  content: string;
  stopping: boolean;
}

export type SendOutcome = { ok: true } | { ok: false; error: unknown };

interface DeltaData {
  delta?: unknown;
}
interface DoneData {
  message?: ChatMessage;
}
interface ErrorData {
  error?: { message?: unknown; code?: unknown; params?: unknown };
}

let localIds = 0;

function localMessage(
  conversationId: string,
  role: ChatMessage["role"],
  content: string,
  status: ChatMessage["status"] = "complete",
  error: string | null = null,
  errorCode: StoredError | null = null,
): ChatMessage {
  localIds += 1;
  return {
    id: `local-${localIds}`,
    conversationId,
    role,
    content,
    provider: null,
    status,
    error,
    errorCode,
    promptTokens: 0,
    completionTokens: 0,
    createdAt: new Date().toISOString(),
    helpful: null,
  };
}

export function useThread(conversationId: string | null) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  /** The conversation whose first history page is in: a queued first question waits for it. */
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  /** The last finished answer, for the polite live region (not every token). */
  const [finished, setFinished] = useState<ChatMessage | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const stopTimerRef = useRef<number | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is the trigger of "try again".
  useEffect(() => {
    setMessages([]);
    setNextBefore(null);
    setLoadError(null);
    setPending(null);
    setFinished(null);
    if (conversationId === null) return;
    const controller = new AbortController();
    setLoading(true);
    chatApi.history(conversationId, null, controller.signal).then(
      (page) => {
        setMessages(page.items);
        setNextBefore(page.nextBefore);
        setLoading(false);
        setLoadedFor(conversationId);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error);
        setLoading(false);
      },
    );
    return () => {
      controller.abort();
      // Leaving the conversation mid-answer: the server keeps what arrived.
      controllerRef.current?.abort();
    };
  }, [conversationId, reload]);

  useEffect(
    () => () => {
      if (stopTimerRef.current !== null) window.clearTimeout(stopTimerRef.current);
    },
    [],
  );

  const loadOlder = useCallback(async () => {
    if (conversationId === null || nextBefore === null) return;
    setLoadingOlder(true);
    try {
      const page = await chatApi.history(conversationId, nextBefore);
      setMessages((current) => [...page.items, ...current]);
      setNextBefore(page.nextBefore);
    } catch (error) {
      setLoadError(error);
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, nextBefore]);

  const send = useCallback(
    async (content: string, targetId: string | null = conversationId): Promise<SendOutcome> => {
      if (targetId === null || controllerRef.current !== null) {
        return { ok: false, error: null };
      }
      const question = localMessage(targetId, "user", content);
      setMessages((current) => [...current, question]);
      setPending({ content: "", stopping: false });
      setFinished(null);
      const controller = new AbortController();
      controllerRef.current = controller;
      let partial = "";
      let ended = false;
      const finish = (message: ChatMessage) => {
        ended = true;
        setMessages((current) => [...current, message]);
        setPending(null);
        setFinished(message);
      };
      const onEvent = (event: SseEvent) => {
        if (event.event === "done") {
          const message = (event.data as DoneData).message;
          finish(message ?? localMessage(targetId, "assistant", partial));
        } else if (event.event === "error") {
          const error = (event.data as ErrorData).error;
          finish(
            localMessage(
              targetId,
              "assistant",
              partial,
              "failed",
              typeof error?.message === "string" ? error.message : null,
              storedErrorOf(error?.code, error?.params),
            ),
          );
        } else {
          const delta = (event.data as DeltaData).delta;
          if (typeof delta === "string") {
            partial += delta;
            setPending((current) => (current ? { ...current, content: partial } : current));
          }
        }
      };
      try {
        await chatApi.send(targetId, content, onEvent, controller.signal);
        if (!ended) finish(localMessage(targetId, "assistant", partial, "failed"));
        return { ok: true };
      } catch (error) {
        if (controller.signal.aborted) {
          if (!ended) finish(localMessage(targetId, "assistant", partial, "stopped"));
          return { ok: true };
        }
        if (isApiError(error) && !ended) {
          // Refused before the stream (429 allowance, 409 busy…): the question was not kept.
          setMessages((current) => current.filter((message) => message.id !== question.id));
          setPending(null);
          return { ok: false, error };
        }
        if (!ended) finish(localMessage(targetId, "assistant", partial, "failed"));
        return { ok: true };
      } finally {
        controllerRef.current = null;
        if (stopTimerRef.current !== null) {
          window.clearTimeout(stopTimerRef.current);
          stopTimerRef.current = null;
        }
      }
    },
    [conversationId],
  );

  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (controller === null || conversationId === null) return;
    setPending((current) => (current ? { ...current, stopping: true } : current));
    // The server ends the answer and sends `done` with status "stopped"; cutting the stream is the fallback.
    chatApi.stop(conversationId).then(
      () => {
        stopTimerRef.current = window.setTimeout(() => controller.abort(), STOP_GRACE_MS);
      },
      () => controller.abort(),
    );
  }, [conversationId]);

  /** Asks the question before a failed or stopped answer again. */
  const retry = useCallback(
    (answerId: string) => {
      const index = messages.findIndex((message) => message.id === answerId);
      const question = messages
        .slice(0, Math.max(0, index))
        .reverse()
        .find((message) => message.role === "user");
      if (question) return send(question.content);
      return Promise.resolve<SendOutcome>({ ok: false, error: null });
    },
    [messages, send],
  );

  return {
    messages,
    hasOlder: nextBefore !== null,
    ready: conversationId !== null && loadedFor === conversationId,
    loading,
    loadingOlder,
    loadError,
    pending,
    finished,
    loadOlder,
    send,
    stop,
    retry,
    reloadHistory: () => setReload((value) => value + 1),
    /** Puts the server's fresh copy of a message in place (after marking it helpful). */
    replaceMessage: (next: ChatMessage) =>
      setMessages((current) => current.map((message) => (message.id === next.id ? next : message))),
  };
}
