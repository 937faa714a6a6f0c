/// <reference types="node" />
// The desktop workspace arranged by keyboard against a real local API: Alt+Arrow moves the focused panel,
// Alt+Shift+Arrow resizes it, each change is announced and saved with PUT /api/me/layout; keys inside a panel's own
// controls are left alone; removing, adding and resetting panels save too.
import { DEFAULT_LAYOUT, type DesktopLayout } from "@aacos/domain/layout";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { startTestApi, type TestApi } from "../../test-api-server";
import { renderAt } from "../../test-utils";
import { DesktopWorkspace, type PanelContents } from "./desktop-workspace";

let api: TestApi;
let stored: DesktopLayout;

const PANELS: PanelContents = {
  dashboard: <p>dashboard body</p>,
  chat: <input aria-label="chat input" />,
  signals: <p>signals body</p>,
  monitoring: <p>monitoring body</p>,
};

beforeEach(async () => {
  stored = DEFAULT_LAYOUT;
  api = await startTestApi({
    "GET /api/me/layout": () => ({ status: 200, body: { layout: stored } }),
    "PUT /api/me/layout": (request) => {
      stored = request.body as DesktopLayout;
      return { status: 200, body: { layout: stored } };
    },
  });
  applyLanguage("en");
  document.documentElement.dir = "ltr";
});
afterEach(async () => {
  await api.close();
  applyLanguage("he");
});

function order(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>("[data-panel-kind]")).map(
    (element) => element.dataset.panelKind ?? "",
  );
}

async function renderWorkspace() {
  renderAt("/desktop", { "/desktop": <DesktopWorkspace panels={PANELS} /> });
  await screen.findByTestId("desktop-grid");
}

describe("the desktop workspace by keyboard", () => {
  it("moves the focused panel with Alt+Arrow, keeps its focus, announces and saves it", async () => {
    await renderWorkspace();
    const dashboard = screen.getByTestId("desktop-panel-dashboard");
    dashboard.focus();
    fireEvent.keyDown(dashboard, { key: "ArrowRight", altKey: true });
    expect(order()).toEqual(["chat", "dashboard", "signals", "monitoring"]);
    expect(screen.getByTestId("desktop-announcer")).toHaveTextContent(/place 2 of 4/);
    await waitFor(() => expect(document.activeElement).toBe(dashboard));
    await waitFor(() => expect(stored.panels.map((panel) => panel.kind)[1]).toBe("dashboard"));

    fireEvent.keyDown(dashboard, { key: "ArrowDown", altKey: true });
    expect(order()).toEqual(["chat", "signals", "monitoring", "dashboard"]);
    fireEvent.keyDown(dashboard, { key: "ArrowUp", altKey: true });
    expect(order()).toEqual(["chat", "dashboard", "signals", "monitoring"]);
    await waitFor(() => expect(api.count("PUT /api/me/layout")).toBe(3));
    expect(stored.panels.map((panel) => panel.kind)).toEqual(order());
  });

  it("mirrors left and right in right-to-left text", async () => {
    document.documentElement.dir = "rtl";
    await renderWorkspace();
    const chat = screen.getByTestId("desktop-panel-chat");
    fireEvent.keyDown(chat, { key: "ArrowRight", altKey: true });
    expect(order()).toEqual(["chat", "dashboard", "signals", "monitoring"]);
  });

  it("resizes with Alt+Shift+Arrow within the grid and saves the spans", async () => {
    await renderWorkspace();
    const signals = screen.getByTestId("desktop-panel-signals");
    fireEvent.keyDown(signals, { key: "ArrowRight", altKey: true, shiftKey: true });
    fireEvent.keyDown(signals, { key: "ArrowRight", altKey: true, shiftKey: true });
    fireEvent.keyDown(signals, { key: "ArrowRight", altKey: true, shiftKey: true });
    fireEvent.keyDown(signals, { key: "ArrowDown", altKey: true, shiftKey: true });
    expect(signals.dataset.colSpan).toBe("4");
    expect(signals.dataset.rowSpan).toBe("2");
    expect(screen.getByTestId("desktop-announcer")).toHaveTextContent(
      "Signals is now 4 columns wide and 2 rows tall.",
    );
    await waitFor(() =>
      expect(stored.panels.find((panel) => panel.kind === "signals")).toEqual({
        kind: "signals",
        colSpan: 4,
        rowSpan: 2,
      }),
    );
  });

  it("leaves keys inside a panel's own controls alone", async () => {
    await renderWorkspace();
    fireEvent.keyDown(screen.getByLabelText("chat input"), { key: "ArrowRight", altKey: true });
    expect(order()).toEqual(["dashboard", "chat", "signals", "monitoring"]);
    expect(api.count("PUT /api/me/layout")).toBe(0);
  });

  it("removes, adds back and resets panels", async () => {
    await renderWorkspace();
    fireEvent.click(screen.getByTestId("desktop-remove-monitoring"));
    expect(order()).toEqual(["dashboard", "chat", "signals"]);
    fireEvent.click(screen.getByTestId("desktop-add-monitoring"));
    expect(order().at(-1)).toBe("monitoring");
    fireEvent.keyDown(screen.getByTestId("desktop-panel-monitoring"), {
      key: "ArrowLeft",
      altKey: true,
    });
    fireEvent.click(screen.getByTestId("desktop-reset"));
    expect(order()).toEqual(["dashboard", "chat", "signals", "monitoring"]);
    await waitFor(() => expect(stored).toEqual(DEFAULT_LAYOUT));
  });
});
