// One command run across several entities: each entity's answer grows in its own column from the shared event stream
// (start, deltas by entityId, entity-done, done, error); stop asks the server, then cuts the stream as a fallback;
// stopEntity asks the server to stop one entity's answer, and the others stream on.
import { type StoredError, storedErrorOf } from "@aacos/domain/errors";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, isApiError } from "../../lib/api-client";
import type { SseEvent } from "../../lib/sse-stream";
import { type CommandRun, commandsApi } from "./api";

const STOP_GRACE_MS = 3000;

export interface EntityColumn {
  entityId: string;
  content: string;
  status: "streaming" | "complete" | "stopped" | "failed";
  provider: string | null;
  error: string | null;
  /** The failure as a code and params, what the column shows (docs/decisions/300). */
  errorCode: StoredError | null;
  run: CommandRun | null;
}

interface EntityDoneData {
  entityId?: string;
  run?: CommandRun;
  message?: {
    content?: string;
    provider?: string;
    status?: EntityColumn["status"];
    error?: string | null;
    errorCode?: { code?: unknown; params?: unknown } | null;
  };
}

export function useCommandRun(onFinished: () => void) {
  const [columns, setColumns] = useState<EntityColumn[]>([]);
  const [running, setRunning] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | Error | null>(null);
  const [finishedCount, setFinishedCount] = useState(0);
  /** Known once the stream's start event names it: a single entity can be stopped from then on. */
  const [commandId, setCommandId] = useState<string | null>(null);
  const [stoppingEntities, setStoppingEntities] = useState<readonly string[]>([]);
  const controllerRef = useRef<AbortController | null>(null);
  const commandIdRef = useRef<string | null>(null);
  const timerRef = useRef<number | null>(null);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    },
    [],
  );

  const run = useCallback(async (entityIds: string[], prompt: string) => {
    const update = (entityId: string, change: (column: EntityColumn) => EntityColumn) =>
      setColumns((current) =>
        current.map((column) => (column.entityId === entityId ? change(column) : column)),
      );

    const endStreaming = (
      status: "stopped" | "failed",
      error: string | null,
      errorCode: StoredError | null = null,
    ) =>
      setColumns((current) =>
        current.map((column) =>
          column.status === "streaming"
            ? {
                ...column,
                status,
                error: error ?? column.error,
                errorCode: errorCode ?? column.errorCode,
              }
            : column,
        ),
      );
    if (controllerRef.current !== null) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    commandIdRef.current = null;
    setCommandId(null);
    setStoppingEntities([]);
    setRefusal(null);
    setRunning(true);
    setStopping(false);
    setColumns(
      entityIds.map((entityId) => ({
        entityId,
        content: "",
        status: "streaming",
        provider: null,
        error: null,
        errorCode: null,
        run: null,
      })),
    );
    const onEvent = (event: SseEvent) => {
      const data = (event.data ?? {}) as Record<string, unknown>;
      if (event.event === "start") {
        if (typeof data.commandId === "string") {
          commandIdRef.current = data.commandId;
          setCommandId(data.commandId);
        }
      } else if (event.event === "entity-done") {
        const done = data as EntityDoneData;
        if (typeof done.entityId !== "string") return;
        update(done.entityId, (column) => ({
          ...column,
          content: done.message?.content ?? column.content,
          status: done.message?.status ?? "complete",
          provider: done.message?.provider ?? null,
          error: done.message?.error ?? null,
          errorCode: storedErrorOf(done.message?.errorCode?.code, done.message?.errorCode?.params),
          run: done.run ?? null,
        }));
      } else if (event.event === "error") {
        const error = data.error as
          | { message?: unknown; code?: unknown; params?: unknown }
          | undefined;
        endStreaming(
          "failed",
          typeof error?.message === "string" ? error.message : null,
          storedErrorOf(error?.code, error?.params),
        );
      } else if (event.event === "message") {
        if (typeof data.entityId === "string" && typeof data.delta === "string") {
          const delta = data.delta;
          update(data.entityId, (column) => ({ ...column, content: column.content + delta }));
        }
      }
    };
    try {
      await commandsApi.run({ entityIds, prompt }, onEvent, controller.signal);
      endStreaming("failed", null);
    } catch (error) {
      if (controller.signal.aborted) endStreaming("stopped", null);
      else if (isApiError(error)) {
        setColumns([]);
        setRefusal(error);
      } else {
        endStreaming("failed", null);
      }
    } finally {
      controllerRef.current = null;
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
      timerRef.current = null;
      setRunning(false);
      setStopping(false);
      setFinishedCount((count) => count + 1);
      finishedRef.current();
    }
  }, []);

  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (controller === null) return;
    setStopping(true);
    const commandId = commandIdRef.current;
    if (commandId === null) {
      controller.abort();
      return;
    }
    commandsApi.stop(commandId).then(
      () => {
        timerRef.current = window.setTimeout(() => controller.abort(), STOP_GRACE_MS);
      },
      () => controller.abort(),
    );
  }, []);

  const stopEntity = useCallback((entityId: string) => {
    const id = commandIdRef.current;
    if (id === null || controllerRef.current === null) return;
    setStoppingEntities((current) => [...current, entityId]);
    // The entity's entity-done event ends its column; a refused stop lets the button be pressed again.
    commandsApi
      .stopEntity(id, entityId)
      .catch(() => setStoppingEntities((current) => current.filter((value) => value !== entityId)));
  }, []);

  return {
    columns,
    running,
    stopping,
    refusal,
    finishedCount,
    run,
    stop,
    canStopEntity: running && commandId !== null && !stopping,
    stoppingEntities,
    stopEntity,
  };
}
