// A user's rules (list, read, create, change, delete, switch on or off, run now), the execution history, the
// instance-wide kill switch and the cron preview.

import { randomUUID } from "node:crypto";
import {
  AUTONOMOUS_MESSAGES,
  type AutonomousRuleBody,
  type AutonomousRuleView,
  type KillSwitchView,
} from "@aacos/domain/autonomous";
import { fieldFailure } from "@aacos/domain/errors";
import { Cron } from "croner";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { fetchPage } from "../../db/paging.js";
import { autonomousExecutions, autonomousRules, instanceSettings } from "../../db/schema.js";
import { AppError, conflict, notFound, validationFailed } from "../../platform/errors.js";
import {
  type AutonomousContext,
  type AutonomousService,
  KILL_SWITCH_KEY,
  type RuleRow,
} from "./context.js";
import { EXECUTION_FAILURES } from "./execution-errors.js";
import type { RunActions } from "./runs.js";
import { executionView, Killed, nextRunsOf, severityOf, statusOf } from "./views.js";

export function createRuleActions(ctx: AutonomousContext, runs: RunActions) {
  const {
    db,
    clock,
    log,
    audit,
    bus,
    jobs,
    deps,
    local,
    ownRule,
    readKillSwitch,
    nextDueFor,
    usageOf,
  } = ctx;
  const { fire, abortLocal } = runs;

  async function views(rows: RuleRow[]): Promise<AutonomousRuleView[]> {
    const now = clock();
    const ids = rows.map((row) => row.id);
    const usage = await usageOf(ids, now);
    const last =
      ids.length === 0
        ? []
        : await db
            .selectDistinctOn([autonomousExecutions.ruleId], {
              ruleId: autonomousExecutions.ruleId,
              status: autonomousExecutions.status,
              createdAt: autonomousExecutions.createdAt,
            })
            .from(autonomousExecutions)
            .where(inArray(autonomousExecutions.ruleId, ids))
            .orderBy(autonomousExecutions.ruleId, desc(autonomousExecutions.createdAt));
    return rows.map((row) => {
      let nextRuns: string[] = [];
      if (row.trigger === "schedule" && row.enabled) {
        try {
          nextRuns = new Cron(row.cron, { timezone: row.timeZone, paused: true })
            .nextRuns(3, now)
            .map((date) => date.toISOString());
        } catch {
          nextRuns = [];
        }
      }
      const latest = last.find((entry) => entry.ruleId === row.id);
      return {
        id: row.id,
        name: row.name,
        entityIds: row.entityIds,
        prompt: row.prompt,
        trigger: row.trigger === "signal" ? "signal" : "schedule",
        cron: row.cron,
        timeZone: row.timeZone,
        signalKind: row.signalKind,
        signalSource: row.signalSource,
        signalMinSeverity: severityOf(row.signalMinSeverity),
        maxRunsPerHour: row.maxRunsPerHour,
        maxTokensPerDay: row.maxTokensPerDay,
        dryRun: row.dryRun,
        enabled: row.enabled,
        nextRuns,
        usage: usage.get(row.id) ?? { runsLastHour: 0, tokensLastDay: 0 },
        lastExecution:
          latest === undefined
            ? null
            : { status: statusOf(latest.status), createdAt: latest.createdAt.toISOString() },
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  /** The body checked beyond its schema: the cron expression in full, and every entity the owner's. */
  async function checked(userId: string, body: AutonomousRuleBody) {
    if (body.trigger === "schedule") nextRunsOf(body.cron, body.timeZone, clock(), 1);
    for (const entityId of body.entityIds) {
      try {
        await deps.directory.getEntity(userId, entityId);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          throw validationFailed({
            entityIds: fieldFailure(AUTONOMOUS_MESSAGES.entityNotFound, "entity_not_found"),
          });
        }
        throw error;
      }
    }
    const schedule = body.trigger === "schedule";
    return {
      name: body.name,
      entityIds: body.entityIds,
      prompt: body.prompt,
      trigger: body.trigger,
      cron: schedule ? body.cron.trim().replace(/\s+/g, " ") : "",
      timeZone: schedule ? body.timeZone : "UTC",
      signalKind: schedule ? "" : body.signalKind,
      signalSource: schedule ? "" : body.signalSource,
      signalMinSeverity: body.signalMinSeverity,
      maxRunsPerHour: body.maxRunsPerHour,
      maxTokensPerDay: body.maxTokensPerDay,
      dryRun: body.dryRun,
      enabled: body.enabled,
    };
  }

  const rules: Omit<AutonomousService, "tick" | "start" | "stop"> = {
    async listRules(userId) {
      const rows = await db
        .select()
        .from(autonomousRules)
        .where(eq(autonomousRules.userId, userId))
        .orderBy(desc(autonomousRules.createdAt), desc(autonomousRules.id));
      return views(rows);
    },

    async getRule(userId, id) {
      const [view] = await views([await ownRule(userId, id)]);
      if (view === undefined) throw notFound("autonomous_rule", "Rule not found");
      return view;
    },

    async createRule(context, userId, body) {
      const values = await checked(userId, body);
      const now = clock();
      const [row] = await db
        .insert(autonomousRules)
        .values({
          ...values,
          userId,
          nextDueAt: nextDueFor(values, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (row === undefined) throw new Error("rule not created");
      await audit.record(context, "autonomous.rule_created", row.id, {
        name: row.name,
        trigger: row.trigger,
        dryRun: row.dryRun,
      });
      return rules.getRule(userId, row.id);
    },

    async updateRule(context, userId, id, body) {
      await ownRule(userId, id);
      const values = await checked(userId, body);
      const now = clock();
      await db
        .update(autonomousRules)
        .set({ ...values, nextDueAt: nextDueFor(values, now), updatedAt: now })
        .where(and(eq(autonomousRules.id, id), eq(autonomousRules.userId, userId)));
      await audit.record(context, "autonomous.rule_updated", id, {
        name: values.name,
        trigger: values.trigger,
        dryRun: values.dryRun,
        enabled: values.enabled,
      });
      return rules.getRule(userId, id);
    },

    async deleteRule(context, userId, id) {
      const rule = await ownRule(userId, id);
      await rules.setEnabled(context, userId, id, false);
      await db.delete(autonomousRules).where(eq(autonomousRules.id, id));
      await audit.record(context, "autonomous.rule_deleted", id, { name: rule.name });
    },

    async setEnabled(context, userId, id, enabled) {
      const rule = await ownRule(userId, id);
      const now = clock();
      await db
        .update(autonomousRules)
        .set({ enabled, nextDueAt: nextDueFor({ ...rule, enabled }, now), updatedAt: now })
        .where(eq(autonomousRules.id, id));
      if (!enabled) {
        // The rule's own kill switch: what is queued will not start, what runs stops.
        await db
          .update(autonomousExecutions)
          .set({ status: "killed", ...EXECUTION_FAILURES.ruleDisabled, finishedAt: now })
          .where(
            and(eq(autonomousExecutions.ruleId, id), eq(autonomousExecutions.status, "queued")),
          );
        const running = await db
          .select({ id: autonomousExecutions.id, jobId: autonomousExecutions.jobId })
          .from(autonomousExecutions)
          .where(
            and(eq(autonomousExecutions.ruleId, id), eq(autonomousExecutions.status, "running")),
          );
        for (const execution of running)
          local.get(execution.id)?.abort(new Killed(EXECUTION_FAILURES.ruleDisabled));
        const jobIds = running.flatMap((execution) => (execution.jobId ? [execution.jobId] : []));
        if (jobIds.length > 0) await jobs.cancel(jobIds);
      }
      if (rule.enabled !== enabled) {
        await audit.record(
          context,
          enabled ? "autonomous.rule_enabled" : "autonomous.rule_disabled",
          id,
          { name: rule.name },
        );
      }
      return rules.getRule(userId, id);
    },

    async runNow(context, userId, id) {
      const rule = await ownRule(userId, id);
      if ((await readKillSwitch()).engaged)
        throw conflict("kill_switch_on", AUTONOMOUS_MESSAGES.killSwitchOn);
      if (!rule.enabled) throw conflict("rule_disabled", AUTONOMOUS_MESSAGES.ruleDisabled);
      const row = await fire(rule, {
        trigger: "manual",
        slot: `manual:${randomUUID()}`,
        dueAt: clock(),
      });
      if (row === null) throw new Error("manual run not recorded");
      await audit.record(context, "autonomous.rule_run", id, { executionId: row.id });
      const [fresh] = await db
        .select()
        .from(autonomousExecutions)
        .where(eq(autonomousExecutions.id, row.id));
      return executionView(fresh ?? row, rule.name);
    },

    async history(userId, query) {
      const where = and(
        eq(autonomousExecutions.userId, userId),
        query.ruleId === undefined ? undefined : eq(autonomousExecutions.ruleId, query.ruleId),
      );
      const { items, total } = await fetchPage(
        query,
        db
          .select({ execution: autonomousExecutions, ruleName: autonomousRules.name })
          .from(autonomousExecutions)
          .innerJoin(autonomousRules, eq(autonomousRules.id, autonomousExecutions.ruleId))
          .where(where)
          .orderBy(desc(autonomousExecutions.createdAt), desc(autonomousExecutions.id)),
        db.select({ n: count() }).from(autonomousExecutions).where(where),
      );
      return { items: items.map((row) => executionView(row.execution, row.ruleName)), total };
    },

    killSwitch: readKillSwitch,

    async setKillSwitch(context, engaged) {
      const now = clock();
      const value: KillSwitchView = {
        engaged,
        changedAt: now.toISOString(),
        changedBy: context.actorId,
      };
      await db
        .insert(instanceSettings)
        .values({ key: KILL_SWITCH_KEY, value, updatedAt: now })
        .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: now } });
      if (engaged) {
        await db
          .update(autonomousExecutions)
          .set({ status: "killed", ...EXECUTION_FAILURES.killSwitchOn, finishedAt: now })
          .where(eq(autonomousExecutions.status, "queued"));
        const running = await db
          .select({ jobId: autonomousExecutions.jobId })
          .from(autonomousExecutions)
          .where(eq(autonomousExecutions.status, "running"));
        abortLocal();
        // Every instance stops its own runs: through the bus, and through the runner's cancel.
        await bus.publish("autonomous", {
          userId: null,
          message: { type: "kill-switch", engaged },
        });
        const jobIds = running.flatMap((execution) => (execution.jobId ? [execution.jobId] : []));
        if (jobIds.length > 0) {
          await jobs
            .cancel(jobIds)
            .catch((error: unknown) => log.warn({ err: error }, "autonomous jobs not cancelled"));
        }
      } else {
        // Due times passed while the switch was on are not caught up: each rule waits for its next one.
        const schedules = await db
          .select()
          .from(autonomousRules)
          .where(and(eq(autonomousRules.trigger, "schedule"), eq(autonomousRules.enabled, true)));
        for (const rule of schedules) {
          await db
            .update(autonomousRules)
            .set({ nextDueAt: nextDueFor(rule, now) })
            .where(eq(autonomousRules.id, rule.id));
        }
      }
      await audit.record(context, "autonomous.kill_switch", null, { engaged });
      return value;
    },

    cronPreview(query) {
      return {
        nextRuns: nextRunsOf(query.cron, query.timeZone, clock(), query.count).map((date) =>
          date.toISOString(),
        ),
      };
    },
  };
  return rules;
}
