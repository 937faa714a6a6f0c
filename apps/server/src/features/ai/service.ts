// The AI gateway the chat and command centre share: picks the model, checks the daily allowance before any provider
// call, runs the answer under the plan's time cap, and records every run (who, what, tokens, time, outcome).

import { randomUUID } from "node:crypto";
import type { TierName, WorldName } from "@aacos/domain/catalog";
import { and, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { entities, runs } from "../../db/schema.js";
import { conflict } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";
import type { RealtimeBus } from "../../platform/realtime-bus.js";
import { type Allowance, type AllowanceState, createAllowance } from "./allowance.js";
import { AnswerInterrupt, type AnswerOutcome, runAnswer } from "./answer.js";
import type { AnsweringEntity, EntityDirectory } from "./knowledge.js";
import { chooseModel, type ModelCatalog } from "./models.js";
import type { AiProvider, ChatTurn, ProviderName } from "./provider.js";
import { estimatePromptTokens } from "./tokens.js";

export interface Plan {
  userId: string;
  tier: TierName;
  world: WorldName;
}

export interface RecordedAnswer extends AnswerOutcome {
  runId: string;
  provider: ProviderName;
  model: string;
}

export interface AiService {
  readonly providerName: ProviderName;
  readonly directory: EntityDirectory;
  allowance(plan: Plan): Promise<AllowanceState>;
  /** The model this plan may use for the entity (403 otherwise); "retrieval" without a language model. */
  modelFor(plan: Plan, entity: AnsweringEntity): string;
  estimate(turns: readonly ChatTurn[]): number;
  /** 429 with the upgrade payload when the estimated prompt would pass what is left today. */
  assertAllowance(plan: Plan, estimatedPromptTokens: number): Promise<void>;
  /**
   * The same check in two steps: reads today's use now (nothing on an unlimited plan), so it runs beside the caller's
   * other reads, and resolves to the check of the estimated prompt (throws the 429).
   */
  allowanceCheck(plan: Plan): Promise<(estimatedPromptTokens: number) => void>;
  answer(options: {
    plan: Plan;
    entity: AnsweringEntity;
    model: string;
    turns: ChatTurn[];
    kind: "chat" | "command";
    input: string;
    commandId?: string;
    /** A run recorded earlier (a queued background run, features/jobs): it goes running instead of a new row. */
    runId?: string;
    /**
     * Record the run as the first words arrive (or as the answer ends, when none do) instead of while the provider
     * is asked: the chat's first streamed byte then waits for no write (on PGlite a write holds the one thread).
     */
    recordAtFirstWords?: boolean;
    signal: AbortSignal;
    onDelta: (text: string) => void;
  }): Promise<RecordedAnswer>;
  /** Claims a stop handle for a running answer; 409 if one already runs under this key. */
  begin(key: string): AbortController;
  end(key: string, controller: AbortController): void;
  /**
   * true when an answer was running under this key and is now stopping: in this process, or — behind several
   * instances sharing Redis — in the one that streams it, which confirms over the bus within ANSWER_STOP_WAIT_MS.
   */
  stop(key: string): Promise<boolean>;
  /** Hears stops asked on other instances; call the result on close. */
  listen(): Promise<() => void>;
  /**
   * Renews the leases of the answers this process streams, then fails every chat or command answer left running
   * whose lease ran out (its process was killed or lost the database), and puts its entity back to idle. Call every
   * ANSWER_LEASE_MS / 3; returns how many answers it closed.
   */
  keepLeases(): Promise<number>;
}

/** How long a streamed answer's lease lasts (docs/decisions/405-answer-leases.md); renewed three times in it. */
export const ANSWER_LEASE_MS = 60_000;
/** What a run whose process died says (the autonomous executions' words for the same loss). */
const OWNER_LOST = "The server running it stopped before it finished";

/** How long a stop asked for on one instance waits for the instance streaming the answer to confirm it. */
export const ANSWER_STOP_WAIT_MS = 1_000;

export function createAiService(deps: {
  db: Db;
  clock: () => Date;
  provider: AiProvider;
  /** null with the retrieval provider. */
  models: ModelCatalog | null;
  directory: EntityDirectory;
  log?: { warn: (object: object, message: string) => void };
  /** Carries stops to the instance streaming the answer (docs/decisions/233-stops-across-instances.md). */
  bus?: RealtimeBus;
}): AiService {
  const allowance: Allowance = createAllowance({ db: deps.db, clock: deps.clock });
  // Stop handles live in the process that streams the answer; other instances reach it through the bus.
  const running = new Map<string, AbortController>();
  const confirmations = new Map<string, () => void>();
  const stopHere = (key: string) => {
    const controller = running.get(key);
    if (controller === undefined) return false;
    controller.abort(new AnswerInterrupt("stopped"));
    return true;
  };
  const { bus } = deps;
  // The runs this process streams: it renews their leases.
  const leased = new Set<string>();
  const leaseFrom = (now: Date) => new Date(now.getTime() + ANSWER_LEASE_MS);
  return {
    providerName: deps.provider.name,
    directory: deps.directory,
    allowance: (plan) => allowance.read(plan.userId, plan),
    modelFor(plan, entity) {
      if (entity.refusal) throw conflict(entity.refusal.params, entity.refusal.message);
      if (entity.status === "paused")
        throw conflict(
          { reason: "entity_paused", name: entity.name },
          `${entity.name} is paused; resume it to ask it`,
        );
      if (deps.models === null) return "retrieval";
      return chooseModel(deps.models, entity.model, plan);
    },
    estimate: (turns) => estimatePromptTokens(turns),
    async assertAllowance(plan, estimatedPromptTokens) {
      await allowance.assertRoom(plan.userId, plan, estimatedPromptTokens);
    },
    allowanceCheck: (plan) => allowance.roomCheck(plan.userId, plan),
    async answer(options) {
      const { plan, entity } = options;
      // The provider is asked at once; the run is recorded and the entity marked while it thinks (or once its first
      // words are relayed), so the first streamed byte does not wait for them. A failed record stops the provider and
      // fails the answer.
      const local = new AbortController();
      const forward = () => local.abort(options.signal.reason);
      if (options.signal.aborted) forward();
      else options.signal.addEventListener("abort", forward, { once: true });
      const mark = (status: "idle" | "running" | "error") =>
        deps.directory
          .setEntityStatus?.(entity.id, status)
          .catch((error: unknown) => deps.log?.warn({ err: error }, "entity status not set"));
      const record = async () => {
        const [run] =
          options.runId !== undefined
            ? await deps.db
                .update(runs)
                .set({ status: "running" })
                .where(eq(runs.id, options.runId))
                .returning({ id: runs.id })
            : await deps.db
                .insert(runs)
                .values({
                  userId: plan.userId,
                  kind: options.kind,
                  universeId: entity.universeId,
                  entityId: entity.id,
                  commandId: options.commandId ?? null,
                  input: options.input,
                  status: "running",
                  createdAt: deps.clock(),
                  leaseUntil: leaseFrom(deps.clock()),
                })
                .returning({ id: runs.id });
        if (run === undefined) throw new Error("run not recorded");
        if (options.runId === undefined) leased.add(run.id);
        await mark("running");
        return run;
      };
      let recorded: Promise<{ id: string }> | null = null;
      const recording = () => {
        if (recorded === null) {
          recorded = record();
          recorded.catch((error: unknown) => local.abort(error));
        }
        return recorded;
      };
      if (options.recordAtFirstWords !== true) void recording();
      const onDelta = (text: string) => {
        options.onDelta(text);
        void recording();
      };
      const answering = runAnswer({
        provider: deps.provider,
        request: {
          model: options.model,
          turns: options.turns,
          temperature: entity.temperature,
          entityId: entity.id,
        },
        timeoutMs: effectiveLimits(plan.tier, plan.world).maxProcessingTimeMs,
        signal: local.signal,
        onDelta,
        log: deps.log,
      }).finally(() => options.signal.removeEventListener("abort", forward));
      const outcome = await answering;
      const run = await recording();
      leased.delete(run.id);
      await deps.db
        .update(runs)
        .set({
          output: outcome.content,
          status: outcome.status,
          promptTokens: outcome.usage.promptTokens,
          completionTokens: outcome.usage.completionTokens,
          durationMs: outcome.durationMs,
          error: outcome.error,
          errorCode: outcome.errorCode?.code ?? null,
          errorParams: outcome.errorCode?.params ?? null,
          finishedAt: deps.clock(),
        })
        .where(eq(runs.id, run.id));
      await mark(outcome.status === "failed" ? "error" : "idle");
      return { ...outcome, runId: run.id, provider: deps.provider.name, model: options.model };
    },
    begin(key) {
      if (running.has(key))
        throw conflict("answer_running", "An answer is still running here; stop it or wait");
      const controller = new AbortController();
      running.set(key, controller);
      return controller;
    },
    end(key, controller) {
      if (running.get(key) === controller) running.delete(key);
    },
    async stop(key) {
      if (stopHere(key)) return true;
      if (bus === undefined || !bus.shared) return false;
      const nonce = randomUUID();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const confirmed = new Promise<boolean>((resolve) => {
        confirmations.set(nonce, () => resolve(true));
        timer = setTimeout(() => resolve(false), ANSWER_STOP_WAIT_MS);
      });
      try {
        await bus.publish("answers", {
          userId: null,
          message: { type: "answer.stop", key, nonce },
        });
        return await confirmed;
      } finally {
        clearTimeout(timer);
        confirmations.delete(nonce);
      }
    },
    async keepLeases() {
      const now = deps.clock();
      const mine = [...leased];
      if (mine.length > 0) {
        await deps.db
          .update(runs)
          .set({ leaseUntil: leaseFrom(now) })
          .where(and(inArray(runs.id, mine), eq(runs.status, "running")));
      }
      const lost = await deps.db
        .update(runs)
        .set({
          status: "failed",
          error: OWNER_LOST,
          errorCode: "owner_lost",
          errorParams: {},
          finishedAt: now,
        })
        .where(
          and(
            eq(runs.status, "running"),
            inArray(runs.kind, ["chat", "command"]),
            // Rows from before leases have none: their process is long gone.
            or(isNull(runs.leaseUntil), lt(runs.leaseUntil, now)),
            mine.length > 0 ? notInArray(runs.id, mine) : undefined,
          ),
        )
        .returning({ entityId: runs.entityId });
      const entityIds = [...new Set(lost.flatMap((row) => (row.entityId ? [row.entityId] : [])))];
      if (entityIds.length > 0) {
        await deps.db
          .update(entities)
          .set({ status: "idle" })
          .where(
            and(
              inArray(entities.id, entityIds),
              eq(entities.status, "running"),
              sql`not exists (select 1 from ${runs} where ${runs.entityId} = ${entities.id}
                and ${runs.status} = 'running')`,
            ),
          );
      }
      return lost.length;
    },
    async listen() {
      if (bus === undefined || !bus.shared) return () => {};
      return bus.subscribe("answers", ({ message }) => {
        const { key, nonce } = message;
        if (typeof nonce !== "string") return;
        if (message.type === "answer.stopped") confirmations.get(nonce)?.();
        else if (message.type === "answer.stop" && typeof key === "string" && stopHere(key)) {
          void bus
            .publish("answers", { userId: null, message: { type: "answer.stopped", nonce } })
            .catch((error: unknown) => deps.log?.warn({ err: error }, "answer stop not confirmed"));
        }
      });
    },
  };
}
