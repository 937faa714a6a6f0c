// The progress panel's numbers from a given record: rank, level, XP, tokens, streak, the XP bar and the next rank.
import { worldByName } from "@aacos/domain/catalog";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { renderAt } from "../../test-utils";
import { ProgressPanel } from "./progress-panel";

function renderPanel(experience: number, tokens = 310, consecutiveLogins = 3) {
  renderAt("/", {
    "/": (
      <ProgressPanel
        progress={{ experience, tokens, consecutiveLogins }}
        memberWorld={worldByName("quantum")}
      />
    ),
  });
  return screen.getByTestId("progress-panel");
}

describe("ProgressPanel", () => {
  beforeEach(() => applyLanguage("en"));
  afterEach(() => applyLanguage("he"));

  it("shows rank, level, XP, tokens, streak, the bar (XP mod 1000) and the XP to the next rank", () => {
    const panel = renderPanel(4250);
    expect(within(panel).getByTestId("progress-rank")).toHaveTextContent("Explorer");
    expect(within(panel).getByTestId("progress-level")).toHaveTextContent("5");
    expect(within(panel).getByTestId("progress-experience")).toHaveTextContent("4,250");
    expect(within(panel).getByTestId("progress-tokens")).toHaveTextContent("310");
    expect(within(panel).getByTestId("progress-streak")).toHaveTextContent("3");
    const bar = within(panel).getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(bar).toHaveAttribute("aria-valuetext", "250 / 1,000 XP");
    expect(within(panel).getByTestId("progress-next-rank")).toHaveTextContent("750 XP to Pioneer");
    expect(within(panel).getByRole("link", { name: "See all progress" })).toHaveAttribute(
      "href",
      "/progress",
    );
  });

  it("starts a new user at Novice, level 1, an empty bar and 1000 XP to Explorer", () => {
    const panel = renderPanel(0, 100, 1);
    expect(within(panel).getByTestId("progress-rank")).toHaveTextContent("Novice");
    expect(within(panel).getByTestId("progress-level")).toHaveTextContent("1");
    expect(within(panel).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    expect(within(panel).getByTestId("progress-next-rank")).toHaveTextContent(
      "1,000 XP to Explorer",
    );
  });

  it("names the highest rank without a next one", () => {
    const panel = renderPanel(512_340);
    expect(within(panel).getByTestId("progress-rank")).toHaveTextContent("Transcendent");
    expect(within(panel).getByTestId("progress-level")).toHaveTextContent("513");
    expect(within(panel).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "34");
    expect(within(panel).getByTestId("progress-next-rank")).toHaveTextContent(
      "You hold the highest rank.",
    );
  });

  it("translates the seven ranks into Hebrew", () => {
    applyLanguage("he");
    const panel = renderPanel(15_000);
    expect(within(panel).getByTestId("progress-rank")).toHaveTextContent("אדריכל");
    expect(within(panel).getByTestId("progress-next-rank")).toHaveTextContent("יוצר");
  });
});
