// The rule editor: the domain schema's messages under each field (English and Hebrew), and a valid rule sent as the
// typed body the server expects.
import type { AlertRuleBody } from "@aacos/domain/validation";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { fieldError, renderAt } from "../../test-utils";
import { RuleForm } from "./rule-form";

afterEach(() => applyLanguage("he"));

describe("RuleForm", () => {
  it("shows the schema's field messages and sends nothing while invalid", async () => {
    act(() => applyLanguage("en"));
    const sent: AlertRuleBody[] = [];
    renderAt("/alerts", {
      "/alerts": <RuleForm onCreate={async (body) => void sent.push(body)} />,
    });
    fireEvent.change(screen.getByTestId("rule-metric"), { target: { value: "cpu" } });
    fireEvent.change(screen.getByTestId("rule-threshold"), { target: { value: "abc" } });
    fireEvent.change(screen.getByTestId("rule-window"), { target: { value: "5" } });
    fireEvent.click(screen.getByTestId("rule-submit"));
    await waitFor(() => expect(fieldError("rule-metric")).toBe("Invalid format"));
    expect(screen.getByTestId("rule-metric")).toHaveAttribute("aria-invalid", "true");
    expect(fieldError("rule-threshold")).toBe("Invalid format");
    // Below the window's minimum: the field's own code (too_small {min}) says by how much.
    expect(fieldError("rule-window")).toBe("Enter at least 10");
    expect(fieldError("rule-name")).toBeNull();
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByTestId("rule-metric"), { target: { value: "signals.quota" } });
    fireEvent.change(screen.getByTestId("rule-threshold"), { target: { value: "3" } });
    fireEvent.change(screen.getByTestId("rule-window"), { target: { value: "300" } });
    fireEvent.change(screen.getByTestId("rule-severity"), { target: { value: "critical" } });
    fireEvent.click(screen.getByTestId("rule-submit"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      metric: "signals.quota",
      op: "gt",
      threshold: 3,
      windowSeconds: 300,
      severity: "critical",
    });
  });

  it("translates the messages in Hebrew", async () => {
    renderAt("/alerts", { "/alerts": <RuleForm onCreate={async () => {}} /> });
    fireEvent.click(screen.getByTestId("rule-submit"));
    await waitFor(() => expect(fieldError("rule-metric")).not.toBeNull());
    expect(fieldError("rule-metric")).not.toBe("Invalid format");
    expect(fieldError("rule-threshold")).not.toBeNull();
  });
});
