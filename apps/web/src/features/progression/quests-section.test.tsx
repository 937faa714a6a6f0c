// Quests in four groups by status; locked quests name the tier they need and link to the upgrade.
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { renderAt } from "../../test-utils";
import type { QuestList, QuestView } from "./api";
import { QuestsSection } from "./quests-section";

function quest(id: string, status: QuestView["status"], extra: Partial<QuestView> = {}): QuestView {
  return {
    id,
    name: `Quest ${id}`,
    description: "Do the thing.",
    category: "creation",
    difficulty: "easy",
    xpReward: 100,
    tokenReward: 25,
    requiredTier: "genesis",
    goal: { kind: "action", action: "universeCreated", count: 3 },
    status,
    startedAt: null,
    completedAt: null,
    progress: { done: 0, target: 3 },
    ...extra,
  };
}

const LIST: QuestList = {
  items: [
    quest("a", "active", { progress: { done: 1, target: 3 } }),
    quest("b", "available"),
    quest("c", "completed", { completedAt: "2026-01-02T10:00:00.000Z" }),
    quest("d", "locked", { requiredTier: "quantum" }),
    quest("e", "locked", { requiredTier: "cosmic" }),
  ],
  slots: { used: 1, total: 3 },
};

describe("QuestsSection", () => {
  beforeEach(() => applyLanguage("en"));
  afterEach(() => applyLanguage("he"));

  it("groups quests by status, with progress, Start, done and the tier a locked quest needs", () => {
    const onStart = vi.fn();
    renderAt("/", { "/": <QuestsSection quests={LIST} onStart={onStart} starting={null} /> });
    expect(screen.getByTestId("quest-slots")).toHaveTextContent("Quest slots in use: 1 of 3");
    const active = screen.getByTestId("quest-group-active");
    expect(within(active).getByTestId("quest-a")).toBeVisible();
    expect(within(active).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
    const available = screen.getByTestId("quest-group-available");
    within(available).getByRole("button", { name: "Start quest Quest b" }).click();
    expect(onStart).toHaveBeenCalledWith("b");
    expect(
      within(screen.getByTestId("quest-group-completed")).getByTestId("quest-c"),
    ).toHaveTextContent("Done");
    const locked = screen.getByTestId("quest-group-locked");
    expect(within(locked).getByTestId("quest-locked-d")).toHaveTextContent(
      "Needs the Quantum plan",
    );
    expect(within(locked).getByTestId("quest-locked-e")).toHaveTextContent("Needs the Cosmic plan");
    expect(within(locked).getByTestId("quest-upgrade-d")).toHaveAttribute(
      "href",
      "/tiers?upgrade=quantum#plan",
    );
    expect(within(locked).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says so when a group is empty and blocks Start when every slot is in use", () => {
    renderAt("/", {
      "/": (
        <QuestsSection
          quests={{ items: [quest("b", "available")], slots: { used: 3, total: 3 } }}
          onStart={() => {}}
          starting={null}
        />
      ),
    });
    expect(screen.getByTestId("quest-group-active-empty")).toHaveTextContent("No active quest");
    expect(screen.getByTestId("quest-start-b")).toBeDisabled();
    expect(screen.getByTestId("quest-group-available")).toHaveTextContent(
      "All your quest slots are in use.",
    );
  });
});
