/// <reference types="node" />
// /signals against a real local API and WebSocket server: the first page, a live burst of 1,000 signals rendered
// newest first and capped to 500, the detail drawer, pause, and the 4429 reason with its upgrade hint.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../test-api-server";
import { startTestRealtime, type TestRealtime } from "../../test-realtime";
import { renderAt } from "../../test-utils";
import { SignalsScreen } from "./signals-screen";

let api: TestApi;
let realtime: TestRealtime;

function signal(id: number, kind = "run") {
  return {
    id,
    kind,
    source: "engine",
    severity: "info",
    data: { n: id },
    createdAt: "2026-01-01T00:00:00Z",
  };
}

beforeEach(async () => {
  api = await startTestApi({
    "GET /api/signals": () => ({
      status: 200,
      body: { items: [signal(3, "quota"), signal(2), signal(1)], nextCursor: null },
    }),
  });
  realtime = await startTestRealtime();
});

afterEach(async () => {
  await realtime.close();
  await api.close();
});

describe("SignalsScreen", () => {
  it("shows the first page, then a burst of 1,000 live signals newest first, capped to 500", async () => {
    renderAt("/signals", { "/signals": <SignalsScreen /> });
    await waitFor(() => expect(screen.getAllByTestId("signal-row")).toHaveLength(3));
    await waitFor(() =>
      expect(screen.getByTestId("connection-indicator")).toHaveAttribute("data-state", "connected"),
    );
    for (let id = 4; id < 1004; id += 1)
      realtime.sockets[0]?.send(JSON.stringify({ type: "signal", signal: signal(id) }));
    // A thousand messages take a while on a busy two-core machine: wait for the outcome, not for a deadline.
    await waitFor(
      () => {
        const rows = screen.getAllByTestId("signal-row");
        expect(rows).toHaveLength(500);
        expect(rows[0]).toHaveAttribute("data-signal-id", "1003");
      },
      { timeout: 15_000 },
    );
    expect(screen.getByTestId("signals-load-older")).toBeEnabled();

    // Client-side filters.
    fireEvent.change(screen.getByTestId("signals-filter-kind"), { target: { value: "quota" } });
    expect(screen.getByTestId("signals-empty")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("signals-filter-kind"), { target: { value: "" } });
    fireEvent.change(screen.getByTestId("signals-filter-text"), { target: { value: '"n":1003' } });
    expect(screen.getAllByTestId("signal-row")).toHaveLength(1);

    // The drawer.
    fireEvent.click(screen.getAllByTestId("signal-row")[0] as HTMLElement);
    const drawer = screen.getByRole("dialog");
    expect(within(drawer).getByTestId("signal-drawer-data")).toHaveTextContent("1003");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  }, 30_000);

  it("holds live signals while paused and shows them on resume", async () => {
    renderAt("/signals", { "/signals": <SignalsScreen /> });
    await waitFor(() =>
      expect(screen.getByTestId("connection-indicator")).toHaveAttribute("data-state", "connected"),
    );
    await waitFor(() => expect(screen.getAllByTestId("signal-row")).toHaveLength(3));
    fireEvent.click(screen.getByTestId("signals-pause"));
    realtime.sockets[0]?.send(JSON.stringify({ type: "signal", signal: signal(7) }));
    await waitFor(() => expect(screen.getByTestId("signals-held")).toBeInTheDocument());
    expect(screen.getAllByTestId("signal-row")).toHaveLength(3);
    fireEvent.click(screen.getByTestId("signals-pause"));
    expect(screen.getAllByTestId("signal-row")[0]).toHaveAttribute("data-signal-id", "7");
  });

  it("shows the 4429 reason with an upgrade hint", async () => {
    realtime.onConnection = (socket) => socket.close(4429, "Too many realtime connections: max 1");
    renderAt("/signals", { "/signals": <SignalsScreen /> });
    await waitFor(() =>
      expect(screen.getByTestId("connection-indicator")).toHaveAttribute("data-state", "closed"),
    );
    // The server's English reason, in the interface language (Hebrew by default).
    expect(screen.getByTestId("connection-reason")).toHaveTextContent(
      "הגעתם למספר החיבורים החיים שהתוכנית מאפשרת (עד 1)",
    );
    expect(screen.getByTestId("connection-upgrade")).toHaveAttribute("href", "/tiers");
  });
});
