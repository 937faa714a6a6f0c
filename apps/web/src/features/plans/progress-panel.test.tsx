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

/** The rank, level, bar position (percent) and next-rank line the panel shows. */
function expectStanding(
  panel: HTMLElement,
  standing: { rank: string; level: string; percent: string; next: string },
) {
  expect(within(panel).getByTestId("progress-rank")).toHaveTextContent(standing.rank);
  expect(within(panel).getByTestId("progress-level")).toHaveTextContent(standing.level);
  expect(within(panel).getByRole("progressbar")).toHaveAttribute("aria-valuenow", standing.percent);
  expect(within(panel).getByTestId("progress-next-rank")).toHaveTextContent(standing.next);
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
    expectStanding(renderPanel(0, 100, 1), {
      rank: "Novice",
      level: "1",
      percent: "0",
      next: "1,000 XP to Explorer",
    });
  });

  it("names the highest rank without a next one", () => {
    expectStanding(renderPanel(512_340), {
      rank: "Transcendent",
      level: "513",
      percent: "34",
      next: "You hold the highest rank.",
    });
  });

  it("translates the seven ranks into Hebrew", () => {
    applyLanguage("he");
    const panel = renderPanel(15_000);
    expect(within(panel).getByTestId("progress-rank")).toHaveTextContent("אדריכל");
    expect(within(panel).getByTestId("progress-next-rank")).toHaveTextContent("יוצר");
  });
});
