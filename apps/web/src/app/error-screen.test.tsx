// The error screen: docs/product.md §2's texts and actions, the persistent form after more than 3 errors within the hour, and
// the count starting over an hour after the last error.
import { fireEvent, render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  currentErrorCount,
  ERROR_COUNT_RESET_MS,
  recordErrorOccurrence,
  resetErrorCount,
} from "../lib/error-count";
import { applyLanguage } from "../lib/i18n";
import { ErrorBoundary } from "./error-boundary";
import { ErrorScreen } from "./error-screen";

beforeEach(() => {
  applyLanguage("en");
  resetErrorCount();
});
afterEach(() => {
  applyLanguage("he");
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error("Widget exploded");
}

/** A boundary around a component that throws, with React's error log silenced. */
function renderBroken(props: Omit<ComponentProps<typeof ErrorBoundary>, "children">) {
  vi.spyOn(console, "error").mockImplementation(() => {});
  render(
    <ErrorBoundary {...props}>
      <Broken />
    </ErrorBoundary>,
  );
}

describe("error screen", () => {
  it("shows the message, the component name and the actions, with details toggled", () => {
    renderBroken({ name: "PlanWidget" });
    expect(screen.getByRole("heading", { name: "Oops! Something went wrong" })).toBeInTheDocument();
    expect(screen.getByTestId("error-component")).toHaveTextContent("PlanWidget");
    expect(screen.getByTestId("error-home")).toHaveAttribute("href", "/");
    expect(screen.getByTestId("error-report").getAttribute("href")).toMatch(
      /^mailto:support@aacos\.example\?subject=/,
    );
    const details = screen.getByTestId("error-details");
    expect(details).not.toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Show error details" }));
    expect(details).toBeVisible();
    expect(details).toHaveTextContent("Widget exploded");
    expect(screen.getByRole("button", { name: "Hide error details" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(currentErrorCount()).toBe(1);
  });

  it("the root form shows no details but keeps the report option", () => {
    renderBroken({ level: "root" });
    expect(screen.getByTestId("error-report")).toBeInTheDocument();
    expect(screen.queryByTestId("error-toggle-details")).toBeNull();
    expect(screen.queryByTestId("error-details")).toBeNull();
  });

  it("turns persistent after more than 3 errors within the hour, and starts over an hour after the last", () => {
    vi.useFakeTimers();
    const start = Date.now();
    for (let index = 0; index < 3; index += 1) recordErrorOccurrence(new Error(`e${index}`));
    const { rerender } = render(<ErrorScreen error={new Error("x")} occurrences={3} />);
    expect(screen.queryByText("Persistent Error Detected")).toBeNull();

    vi.setSystemTime(start + 30 * 60_000);
    const count = recordErrorOccurrence(new Error("e3"));
    expect(count).toBe(4);
    rerender(<ErrorScreen error={new Error("x")} occurrences={count} />);
    expect(screen.getByRole("heading", { name: "Persistent Error Detected" })).toBeInTheDocument();
    expect(
      screen.getByText("This error keeps occurring. Please contact support if it persists."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("error-occurrences")).toHaveTextContent(
      "This error has occurred 4 times in this session.",
    );

    vi.setSystemTime(start + 30 * 60_000 + ERROR_COUNT_RESET_MS);
    expect(currentErrorCount()).toBe(0);
    expect(recordErrorOccurrence(new Error("later"))).toBe(1);
  });
});
