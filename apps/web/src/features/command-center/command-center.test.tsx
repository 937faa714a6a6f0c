// The command centre against a real local server: a command to two entities streams into two cards side by side, the
// history and the allowance are read again afterwards; one entity's answer stops from its card while the other goes
// on; a new user is asked to create a first universe.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../../lib/auth-store";
import { applyLanguage } from "../../lib/i18n";
import { gate, type Reply, startTestApi, type TestApi, upgradeReply } from "../../test-api-server";
import { routeEmptyWorkspace, TEST_NOW, testEntity, testUniverse } from "../../test-fixtures";
import { renderAt } from "../../test-utils";
import type { CommandRecord } from "./api";
import { CommandCenterScreen } from "./command-center-screen";

let api: TestApi;
const now = TEST_NOW;
const universe = testUniverse(2);
const entity = (id: string, name: string) => testEntity(id, name, "Analyst");
const run = (entityId: string, output: string) => ({
  id: `r-${entityId}`,
  entityId,
  status: "complete",
  output,
  error: null,
  promptTokens: 4,
  completionTokens: 2,
  durationMs: 1200,
  createdAt: now,
  finishedAt: now,
});

/** An entity's finished answer as the stream announces it. */
function entityDone(id: string, text: string, status: "complete" | "stopped") {
  return `event: entity-done\ndata: ${JSON.stringify({
    entityId: id,
    run: { ...run(id, text), status },
    message: {
      role: "assistant",
      content: text,
      provider: "openai-compatible",
      status,
      error: null,
    },
    usage: { promptTokens: 4, completionTokens: 2 },
  })}\n\n`;
}

/** Answers the next command with a stream: command k1 starts for e1 and e2, `events` write the rest, then it is done. */
function streamCommand(events: (write: (chunk: string) => Promise<void>) => Promise<void>) {
  api.route(
    "POST /api/commands",
    (): Reply => ({
      status: 200,
      stream: async (write) => {
        await write(`event: start\ndata: {"commandId":"k1","entityIds":["e1","e2"]}\n\n`);
        await events(write);
        await write(`event: done\ndata: {"commandId":"k1","runs":[]}\n\n`);
      },
    }),
  );
}

describe("CommandCenterScreen", () => {
  beforeEach(async () => {
    applyLanguage("en");
    useAuthStore.setState({
      user: {
        id: "user-1",
        email: "a@example.com",
        username: "ada",
        roles: ["user"],
        permissions: [],
        tier: "cosmic",
        world: "genesis",
      },
    });
    api = await startTestApi({
      "GET /api/aacos/universes": () => ({ status: 200, body: { items: [universe] } }),
      "GET /api/aacos/entities": () => ({
        status: 200,
        body: { items: [entity("e1", "Ada"), entity("e2", "Grace")] },
      }),
      "GET /api/ai/allowance": () => ({
        status: 200,
        body: { used: 1200, limit: 50000, resetsAt: now },
      }),
      "GET /api/commands": () => ({ status: 200, body: { items: [], total: 0 } }),
    });
  });
  afterEach(async () => {
    await api.close();
    useAuthStore.setState({ user: null });
    applyLanguage("he");
  });

  it("streams two entities' answers side by side", async () => {
    const second = gate();
    streamCommand(async (write) => {
      await write('data: {"entityId":"e1","delta":"Alpha "}\n\ndata: {"entityId":"e2","del');
      await write('ta":"Beta "}\n\n');
      await second.opened;
      await write(
        'data: {"entityId":"e2","delta":"two"}\n\ndata: {"entityId":"e1","delta":"one"}\n\n',
      );
      await write(entityDone("e1", "Alpha one", "complete"));
      await write(entityDone("e2", "Beta two", "complete"));
    });
    renderAt("/ai/command-center", { "/ai/command-center": <CommandCenterScreen /> });
    await screen.findByTestId("command-runner");
    expect(await screen.findByTestId("ai-allowance-bar")).toHaveTextContent("1,200 of 50,000");
    for (const box of screen.getAllByTestId("command-entity-checkbox")) fireEvent.click(box);
    fireEvent.change(screen.getByTestId("command-prompt"), { target: { value: "Report" } });
    fireEvent.click(screen.getByTestId("command-run"));

    await waitFor(() => {
      const cards = screen.getAllByTestId("command-answer-card");
      expect(cards).toHaveLength(2);
      expect(cards[0]).toHaveTextContent("Alpha");
      expect(cards[1]).toHaveTextContent("Beta");
    });
    const [first, other] = screen.getAllByTestId("command-answer-card");
    expect(first).toHaveAttribute("data-status", "streaming");
    expect(within(first as HTMLElement).getByText("Ada")).toBeInTheDocument();
    expect(within(other as HTMLElement).getByText("Grace")).toBeInTheDocument();
    expect(screen.getByTestId("command-stop")).toBeInTheDocument();
    const allowanceReads = api.count("GET /api/ai/allowance");
    const historyReads = api.count("GET /api/commands");

    second.open();
    await waitFor(() =>
      expect(screen.getAllByTestId("command-answer-card")[1]).toHaveAttribute(
        "data-status",
        "complete",
      ),
    );
    const cards = screen.getAllByTestId("command-answer-card");
    expect(within(cards[0] as HTMLElement).getByTestId("command-answer-text")).toHaveTextContent(
      "Alpha one",
    );
    expect(within(cards[1] as HTMLElement).getByTestId("command-answer-text")).toHaveTextContent(
      "Beta two",
    );
    expect(within(cards[0] as HTMLElement).getByTestId("command-answer-usage")).toHaveTextContent(
      "4 + 2 tokens",
    );
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      entityIds: ["e1", "e2"],
      prompt: "Report",
    });
    await waitFor(() => {
      expect(api.count("GET /api/ai/allowance")).toBeGreaterThan(allowanceReads);
      expect(api.count("GET /api/commands")).toBeGreaterThan(historyReads);
    });
  });

  it("pages the history ten commands at a time", async () => {
    const command = (n: number): CommandRecord => ({
      commandId: `k${n}`,
      prompt: `Prompt ${n}`,
      entityIds: ["e1"],
      status: "complete",
      promptTokens: 4,
      completionTokens: 2,
      durationMs: 1200,
      createdAt: now,
      runs: [],
    });
    api.route("GET /api/commands", (request) => {
      const first = (Number(request.query.get("page")) - 1) * 10 + 1;
      const count = Math.min(10, 12 - first + 1);
      return {
        status: 200,
        body: { items: Array.from({ length: count }, (_, i) => command(first + i)), total: 12 },
      };
    });
    renderAt("/ai/command-center", { "/ai/command-center": <CommandCenterScreen /> });
    await waitFor(() => expect(screen.getAllByTestId("command-history-row")).toHaveLength(10));
    expect(screen.getByTestId("command-history-pager-page")).toHaveTextContent("Page 1 of 2");
    expect(screen.getByTestId("command-history-pager-previous")).toBeDisabled();

    fireEvent.click(screen.getByTestId("command-history-pager-next"));
    await waitFor(() => expect(screen.getAllByTestId("command-history-row")).toHaveLength(2));
    expect(screen.getAllByTestId("command-history-row")[0]).toHaveTextContent("Prompt 11");
    expect(screen.getByTestId("command-history-pager-page")).toHaveTextContent("Page 2 of 2");
    expect(screen.getByTestId("command-history-pager-next")).toBeDisabled();
    expect(api.requests.at(-1)?.query.get("pageSize")).toBe("10");
  });

  it("stops one entity's answer from its card while the other streams on and finishes", async () => {
    const stopped = gate();
    api.route("POST /api/commands/k1/entities/e2/stop", () => {
      stopped.open();
      return { status: 200, body: { stopped: true } };
    });
    streamCommand(async (write) => {
      await write('data: {"entityId":"e1","delta":"Alpha "}\n\n');
      await write('data: {"entityId":"e2","delta":"Beta "}\n\n');
      // The server stops the second entity's answer only; the first goes on.
      await stopped.opened;
      await write(entityDone("e2", "Beta ", "stopped"));
      await write('data: {"entityId":"e1","delta":"one"}\n\n');
      await write(entityDone("e1", "Alpha one", "complete"));
    });
    renderAt("/ai/command-center", { "/ai/command-center": <CommandCenterScreen /> });
    await screen.findByTestId("command-runner");
    for (const box of screen.getAllByTestId("command-entity-checkbox")) fireEvent.click(box);
    fireEvent.change(screen.getByTestId("command-prompt"), { target: { value: "Report" } });
    fireEvent.click(screen.getByTestId("command-run"));
    await waitFor(() =>
      expect(screen.getAllByTestId("command-answer-card")[1]).toHaveTextContent("Beta"),
    );
    const stopGrace = screen.getByRole("button", { name: "Stop Grace's answer; the others go on" });
    await waitFor(() => expect(stopGrace).toBeEnabled());
    fireEvent.click(stopGrace);

    await waitFor(() =>
      expect(screen.getAllByTestId("command-answer-card")[0]).toHaveAttribute(
        "data-status",
        "complete",
      ),
    );
    const [first, second] = screen.getAllByTestId("command-answer-card");
    expect(second).toHaveAttribute("data-status", "stopped");
    expect(within(second as HTMLElement).getByText("Stopped")).toBeInTheDocument();
    expect(within(first as HTMLElement).getByTestId("command-answer-text")).toHaveTextContent(
      "Alpha one",
    );
    expect(api.count("POST /api/commands/k1/entities/e2/stop")).toBe(1);
    expect(api.count("POST /api/commands/k1/stop")).toBe(0);
    expect(screen.queryByTestId("command-answer-stop")).toBeNull();
  });

  it("says a genesis user needs the AI assistant for several entities", async () => {
    useAuthStore.setState((state) => ({
      user: state.user ? { ...state.user, tier: "genesis" } : null,
    }));
    api.route("POST /api/commands", () =>
      upgradeReply(
        403,
        { code: "feature_locked", message: "The AI assistant needs the quantum plan" },
        { suggestedTier: "quantum", upgradeUrl: "/tiers", reason: "aiAssistant" },
      ),
    );
    renderAt("/ai/command-center", { "/ai/command-center": <CommandCenterScreen /> });
    await screen.findByTestId("command-runner");
    for (const box of screen.getAllByTestId("command-entity-checkbox")) fireEvent.click(box);
    expect(screen.getByTestId("command-multi-locked")).toHaveTextContent(
      "from the Quantum plan up",
    );
    fireEvent.change(screen.getByTestId("command-prompt"), { target: { value: "Report" } });
    fireEvent.click(screen.getByTestId("command-run"));
    expect(await screen.findByTestId("command-error")).toHaveTextContent("AI assistant");
    expect(screen.queryByTestId("command-answer-card")).toBeNull();
  });

  it("asks a new user to create the first universe", async () => {
    routeEmptyWorkspace(api);
    renderAt("/command-center", { "/command-center": <CommandCenterScreen /> });
    expect(await screen.findByTestId("command-empty-universe")).toHaveTextContent(
      "Create your first universe",
    );
    fireEvent.change(screen.getByTestId("universe-name-input"), { target: { value: "Lab" } });
    api.route("POST /api/aacos/universes", () => ({ status: 201, body: { universe } }));
    fireEvent.click(screen.getByTestId("universe-create"));
    await waitFor(() => expect(api.count("POST /api/aacos/universes")).toBe(1));
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ name: "Lab" });
  });
});
