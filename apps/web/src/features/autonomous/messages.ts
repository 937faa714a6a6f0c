// The feature's English messages (domain AUTONOMOUS_MESSAGES and the server's run errors) in the interface language;
// anything else goes to the app's shared translator.
import { AUTONOMOUS_MESSAGES, BUDGET_LIMITS, EXECUTION_MESSAGES } from "@aacos/domain/autonomous";
import { MAX_COMMAND_ENTITIES } from "@aacos/domain/validation";
import type { TFunction } from "i18next";
import { translateMessage } from "../../lib/messages";

type MessageKey = keyof typeof AUTONOMOUS_MESSAGES;

const KEYS = Object.fromEntries(
  (Object.entries(AUTONOMOUS_MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
) as Record<string, MessageKey>;

export function translateAutonomous(t: TFunction, message: string): string {
  const key = KEYS[message];
  if (key !== undefined) {
    return t(`autonomous.messages.${key}`, {
      min: key === "runsPerHour" ? BUDGET_LIMITS.runsPerHour.min : BUDGET_LIMITS.tokensPerDay.min,
      max:
        key === "runsPerHour"
          ? BUDGET_LIMITS.runsPerHour.max
          : key === "tokensPerDay"
            ? BUDGET_LIMITS.tokensPerDay.max
            : MAX_COMMAND_ENTITIES,
    });
  }
  // The budget messages carry the rule's limit: matched by the domain's own wording with the number swapped out.
  for (const budget of ["budgetRuns", "budgetTokens", "budgetReached"] as const) {
    const [before, after] = EXECUTION_MESSAGES[budget](0).split("0");
    if (
      before !== undefined &&
      after !== undefined &&
      message.startsWith(before) &&
      message.endsWith(after)
    ) {
      const n = message.slice(before.length, message.length - after.length);
      if (/^\d+$/.test(n)) return t(`autonomous.messages.${budget}`, { n });
    }
  }
  if (message === EXECUTION_MESSAGES.shutdown) return t("autonomous.messages.shutdown");
  if (message === EXECUTION_MESSAGES.tooLong) return t("autonomous.messages.tooLong");
  if (message === EXECUTION_MESSAGES.ownerLost) return t("autonomous.messages.ownerLost");
  if (message === EXECUTION_MESSAGES.lostInQueue) return t("autonomous.messages.lostInQueue");
  return translateMessage(t, message);
}
