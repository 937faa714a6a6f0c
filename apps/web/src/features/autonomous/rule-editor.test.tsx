// The rule editor: the domain schema's messages under each field (English and Hebrew), the server's cron preview
// shown in the rule's time zone, and a valid rule sent as the typed body the server expects.
import type { AutonomousRuleBody } from "@aacos/domain/autonomous";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { type Entity, workspaceKeys } from "../../lib/workspace-queries";
import { fieldError, renderAt, testQueryClient } from "../../test-utils";
import { autonomousKeys } from "./api";
import { RuleEditor } from "./rule-editor";

afterEach(() => applyLanguage("he"));

const ALPHA = "8a7b2c1d-1111-4aaa-8bbb-0123456789ab";

function entity(id: string, name: string): Entity {
  return {
    id,
    universeId: "9a7b2c1d-1111-4aaa-8bbb-0123456789ab",
    userId: "7a7b2c1d-1111-4aaa-8bbb-0123456789ab",
    name,
    role: "advisor",
    systemPrompt: "",
    model: null,
    temperature: 0.7,
    status: "idle",
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  };
}

/** The workspace and the server's preview as the editor would read them (nothing is fetched). */
function client() {
  const queryClient = testQueryClient();
  queryClient.setQueryDefaults(workspaceKeys.entities, { staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryDefaults(autonomousKeys.all, { staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(workspaceKeys.entities, [entity(ALPHA, "Alpha")]);
  queryClient.setQueryData(autonomousKeys.preview("*/15 * * * *", "Asia/Jerusalem"), {
    nextRuns: ["2026-11-23T14:15:00.000Z", "2026-11-23T14:30:00.000Z", "2026-11-23T14:45:00.000Z"],
  });
  queryClient.setQueryData(autonomousKeys.preview("0 9 * * 1", "Asia/Jerusalem"), {
    nextRuns: ["2026-11-30T07:00:00.000Z", "2026-12-07T07:00:00.000Z", "2026-12-14T07:00:00.000Z"],
  });
  return queryClient;
}

function render(sent: AutonomousRuleBody[]) {
  renderAt(
    "/autonomous-control",
    {
      "/autonomous-control": (
        <RuleEditor onSave={async (body) => void sent.push(body)} onCancel={() => {}} />
      ),
    },
    client(),
  );
}

const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe("RuleEditor", () => {
  it("shows the schema's field messages and sends nothing while invalid", async () => {
    act(() => applyLanguage("en"));
    const sent: AutonomousRuleBody[] = [];
    render(sent);
    change("rule-cron", "0 9 * *");
    change("rule-time-zone", "Mars/Olympus");
    change("rule-max-runs", "0");
    change("rule-max-tokens", "12.5");
    fireEvent.click(screen.getByTestId("rule-save"));
    await waitFor(() => expect(fieldError("rule-name")).toBe("Field is required"));
    expect(screen.getByTestId("rule-entities-error")).toHaveTextContent("Field is required");
    expect(screen.getByTestId("rule-prompt-error")).toHaveTextContent("Field is required");
    expect(fieldError("rule-cron")).toBe(
      "Use five fields: minute, hour, day of month, month, day of week",
    );
    expect(fieldError("rule-time-zone")).toBe("Unknown time zone");
    expect(fieldError("rule-max-runs")).toBe("Runs per hour must be a whole number from 1 to 60");
    expect(fieldError("rule-max-tokens")).toBe(
      "Tokens per day must be a whole number from 1 to 1000000",
    );
    // No preview for an expression of the wrong shape (after the field settles).
    await waitFor(() => expect(screen.queryByTestId("cron-preview")).toBeNull());
    expect(sent).toHaveLength(0);

    change("rule-name", "Night report");
    fireEvent.click(screen.getByTestId("rule-entity-Alpha"));
    change("rule-prompt", "Summarise the day");
    change("rule-cron", "*/15 * * * *");
    change("rule-time-zone", "Asia/Jerusalem");
    change("rule-max-runs", "5");
    change("rule-max-tokens", "1000");
    fireEvent.click(screen.getByTestId("rule-dry-run"));
    // The server's next three run times, in the rule's time zone (Jerusalem is UTC+2 in November).
    await waitFor(() => expect(screen.getAllByTestId("cron-preview-run")).toHaveLength(3));
    expect(screen.getAllByTestId("cron-preview-run")[0]).toHaveTextContent("4:15");
    // A changed expression's runs replace the shown ones; the previous ones never stand beside the new text.
    change("rule-cron", "0 9 * * 1");
    expect(screen.queryAllByTestId("cron-preview-run")).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getAllByTestId("cron-preview-run")[0]).toHaveTextContent("9:00"),
    );
    change("rule-cron", "*/15 * * * *");
    fireEvent.click(screen.getByTestId("rule-save"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: "Night report",
      entityIds: [ALPHA],
      prompt: "Summarise the day",
      trigger: "schedule",
      cron: "*/15 * * * *",
      timeZone: "Asia/Jerusalem",
      signalKind: "",
      signalSource: "",
      signalMinSeverity: "warning",
      maxRunsPerHour: 5,
      maxTokensPerDay: 1000,
      dryRun: false,
      enabled: true,
    });
  });

  it("asks a signal rule for its signal kind, in Hebrew", async () => {
    const sent: AutonomousRuleBody[] = [];
    render(sent);
    change("rule-trigger", "signal");
    fireEvent.click(screen.getByTestId("rule-save"));
    await waitFor(() => expect(fieldError("rule-signal-kind")).not.toBeNull());
    expect(fieldError("rule-signal-kind")).not.toBe("Field is required");
    expect(fieldError("rule-max-runs")).toBeNull();
    change("rule-max-runs", "100");
    await waitFor(() =>
      expect(fieldError("rule-max-runs")).toBe("מספר ההרצות בשעה חייב להיות מספר שלם בין 1 ל־60"),
    );
    expect(sent).toHaveLength(0);
  });
});
