// The server's run errors shown in the interface language: the budget a run stopped at, and a run whose server died.
import { EXECUTION_MESSAGES } from "@aacos/domain/autonomous";
import { describe, expect, it } from "vitest";
import { i18n } from "../../lib/i18n";
import { translateAutonomous } from "./messages";

describe("translateAutonomous", () => {
  it("names the budget a run stopped at, and a run whose server stopped, in Hebrew and English", () => {
    const he = i18n.getFixedT("he");
    const en = i18n.getFixedT("en");
    expect(translateAutonomous(he, EXECUTION_MESSAGES.budgetReached(500))).toBe(
      "נעצר בגבול התקציב: 500 טוקנים ליום",
    );
    expect(translateAutonomous(en, EXECUTION_MESSAGES.budgetReached(500))).toBe(
      "Stopped at the budget: 500 tokens per day",
    );
    expect(translateAutonomous(he, EXECUTION_MESSAGES.ownerLost)).toBe(
      "השרת שהריץ אותה נעצר לפני שהסתיימה",
    );
    expect(translateAutonomous(he, EXECUTION_MESSAGES.budgetTokens(10))).toBe(
      "התקציב נוצל: 10 טוקנים ליום",
    );
    expect(he("autonomous.status.stopped_budget")).toBe("נעצר: תקציב");
  });
});
