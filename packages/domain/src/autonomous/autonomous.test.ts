// The autonomous-control rules every side shares: the rule body's field messages, signal filters and budgets.
import { describe, expect, it } from "vitest";
import {
  AUTONOMOUS_MESSAGES,
  AutonomousRuleBody,
  budgetVerdict,
  EXECUTION_MESSAGES,
  hasCronShape,
  isTimeZone,
  signalMatches,
} from "./index.js";

const valid = {
  name: "Report",
  entityIds: ["8a7b2c1d-1111-4aaa-8bbb-0123456789ab"],
  prompt: "Status?",
  trigger: "schedule",
  cron: "0 9 * * 1",
  timeZone: "Asia/Jerusalem",
  maxRunsPerHour: 4,
  maxTokensPerDay: 1000,
};

describe("autonomous rules", () => {
  it("fills defaults and reports every field at once", () => {
    expect(AutonomousRuleBody.parse(valid)).toMatchObject({ dryRun: false, enabled: true });
    const result = AutonomousRuleBody.safeParse({
      ...valid,
      cron: "every day",
      timeZone: "Nowhere/Land",
      maxRunsPerHour: 1.5,
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(fields).toEqual({
      cron: AUTONOMOUS_MESSAGES.cronFields,
      timeZone: AUTONOMOUS_MESSAGES.timeZone,
      maxRunsPerHour: AUTONOMOUS_MESSAGES.runsPerHour,
    });
  });

  it("reads cron shapes and time zones", () => {
    expect(hasCronShape("*/5 9-17 * * MON-FRI")).toBe(true);
    expect(hasCronShape("0 9 * *")).toBe(false);
    expect(hasCronShape("0 0 9 * * 1")).toBe(false);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Asia/Jerusalem")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("matches signals by kind, source and lowest severity", () => {
    const filter = { signalKind: "quota", signalSource: "", signalMinSeverity: "warning" as const };
    expect(signalMatches(filter, { kind: "quota", source: "day", severity: "critical" })).toBe(
      true,
    );
    expect(signalMatches(filter, { kind: "quota", source: "day", severity: "info" })).toBe(false);
    expect(signalMatches(filter, { kind: "run", source: "day", severity: "critical" })).toBe(false);
    expect(
      signalMatches(
        { ...filter, signalSource: "minute" },
        { kind: "quota", source: "day", severity: "warning" },
      ),
    ).toBe(false);
  });

  it("stops at whichever budget is used up first", () => {
    const rule = { maxRunsPerHour: 2, maxTokensPerDay: 100 };
    expect(budgetVerdict(rule, { runsLastHour: 1, tokensLastDay: 99 })).toBe("ok");
    expect(budgetVerdict(rule, { runsLastHour: 2, tokensLastDay: 0 })).toBe("runs");
    expect(budgetVerdict(rule, { runsLastHour: 0, tokensLastDay: 100 })).toBe("tokens");
  });
});

describe("an execution's English texts", () => {
  it("say one run or one token in the singular", () => {
    expect(EXECUTION_MESSAGES.budgetRuns(1)).toBe("Budget used up: 1 run per hour");
    expect(EXECUTION_MESSAGES.budgetRuns(4)).toBe("Budget used up: 4 runs per hour");
    expect(EXECUTION_MESSAGES.budgetTokens(1)).toBe("Budget used up: 1 token per day");
    expect(EXECUTION_MESSAGES.budgetReached(20)).toBe("Stopped at the budget: 20 tokens per day");
  });
});
