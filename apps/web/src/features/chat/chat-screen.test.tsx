// The chat screen against a real local server streaming server-sent events: the answer grows as deltas arrive, then
// becomes the final message with the retrieval label and one polite announcement; Stop keeps the partial text.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { errorReply, gate, type Reply, startTestApi, type TestApi } from "../../test-api-server";
import { routeEmptyWorkspace, TEST_NOW, testEntity, testUniverse } from "../../test-fixtures";
import { renderAt } from "../../test-utils";
import { ChatScreen } from "./chat-screen";

let api: TestApi;

const now = TEST_NOW;
const universe = testUniverse(1);
const entity = testEntity("e1", "Ada", "Researcher");
const conversation = { id: "c1", entityId: "e1", title: "Physics", createdAt: now, updatedAt: now };

function answer(content: string, provider: string, status: string) {
  return {
    message: {
      id: "m2",
      conversationId: "c1",
      role: "assistant",
      content,
      provider,
      status,
      error: null,
      promptTokens: 5,
      completionTokens: 3,
      createdAt: now,
    },
    usage: { promptTokens: 5, completionTokens: 3 },
  };
}

async function openConversation() {
  renderAt("/chat", { "/chat": <ChatScreen /> });
  fireEvent.click(await screen.findByTestId("chat-conversation"));
  await screen.findByTestId("chat-empty-conversation");
}

function ask(text: string) {
  const box = screen.getByTestId("chat-message-input");
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: "Enter" });
}

/** Conversations the address names: ids of the server's form. */
const C2 = "2c5e7a3e-8f2b-4c1d-9a6e-3b7f0d4c2a11";
const GONE = "9d1f0c2b-7a4e-4b3c-8e5d-6f2a1b0c9e88";

/** The address's query, shown for the tests to read. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

/** The chat screen at `path`, beside its address. */
function renderChatAt(path: string) {
  renderAt(path, {
    "/chat": (
      <>
        <ChatScreen />
        <Address />
      </>
    ),
  });
}

/** A 200 reply whose body the test writes as server-sent events, at its own pace. */
const streamed = (stream: NonNullable<Reply["stream"]>) => (): Reply => ({ status: 200, stream });

describe("ChatScreen", () => {
  beforeEach(async () => {
    applyLanguage("en");
    api = await startTestApi({
      "GET /api/aacos/universes": () => ({ status: 200, body: { items: [universe] } }),
      "GET /api/aacos/entities": () => ({ status: 200, body: { items: [entity] } }),
      "GET /api/chat/conversations": () => ({
        status: 200,
        body: { items: [conversation], total: 1 },
      }),
      "GET /api/chat/conversations/c1/messages": () => ({
        status: 200,
        body: { items: [], nextBefore: null },
      }),
    });
  });
  afterEach(async () => {
    await api.close();
    applyLanguage("he");
  });

  it("guides a new user to create a universe first", async () => {
    routeEmptyWorkspace(api);
    renderAt("/chat", { "/chat": <ChatScreen /> });
    expect(await screen.findByTestId("chat-empty-universe")).toHaveTextContent(
      "Create your first universe",
    );
  });

  it("shows the streamed text, then the final message with the retrieval label", async () => {
    const more = gate();
    api.route(
      "POST /api/chat/conversations/c1/messages",
      streamed(async (write) => {
        await write('data: {"delta":"Hello "}\n\n');
        await more.opened;
        await write('data: {"delta":"**world**"}\n\nevent: done\ndata: ');
        await write(
          `${JSON.stringify(answer("Hello **world**\n\n<script>alert(1)</script>", "retrieval", "complete"))}\n\n`,
        );
      }),
    );
    await openConversation();
    ask("שלום, what is new?");

    const question = await screen.findByTestId("chat-user-message");
    expect(question).toHaveTextContent("שלום, what is new?");
    expect(question.querySelector("[dir='auto']")).not.toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId("chat-streaming-text")).toHaveTextContent("Hello"),
    );
    expect(screen.getByTestId("chat-stop")).toBeInTheDocument();
    // Polite and quiet while streaming: the live region says nothing until the end.
    expect(screen.getByTestId("chat-live")).toHaveTextContent("");

    more.open();
    const final = await screen.findByTestId("chat-answer");
    expect(screen.queryByTestId("chat-streaming")).toBeNull();
    const text = within(final).getByTestId("chat-answer-text");
    expect(text).toHaveAttribute("dir", "auto");
    expect(text.querySelector("strong")).toHaveTextContent("world");
    expect(text.querySelector("script")).toBeNull();
    expect(within(final).getByTestId("chat-retrieval-label")).toHaveTextContent(
      "Answered from knowledge files — no language model is configured",
    );
    expect(screen.getByTestId("chat-live")).toHaveTextContent("Ada answered: Hello **world**");
    expect(screen.getByTestId("chat-send")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      content: "שלום, what is new?",
    });
  });

  it("Stop asks the server to stop and keeps the partial text, with Retry", async () => {
    const stopped = gate();
    api.route("POST /api/chat/conversations/c1/stop", () => {
      stopped.open();
      return { status: 200, body: { stopped: true } };
    });
    api.route(
      "POST /api/chat/conversations/c1/messages",
      streamed(async (write) => {
        await write('data: {"delta":"The partial "}\n\n');
        await write('data: {"delta":"answer"}\n\n');
        await stopped.opened;
        await write(
          `event: done\ndata: ${JSON.stringify(answer("The partial answer", "openai-compatible", "stopped"))}\n\n`,
        );
      }),
    );
    await openConversation();
    ask("Tell me everything");
    await waitFor(() =>
      expect(screen.getByTestId("chat-streaming-text")).toHaveTextContent("The partial answer"),
    );
    fireEvent.click(screen.getByTestId("chat-stop"));

    const final = await screen.findByTestId("chat-answer");
    expect(final).toHaveAttribute("data-status", "stopped");
    expect(within(final).getByTestId("chat-answer-text")).toHaveTextContent("The partial answer");
    expect(within(final).getByTestId("chat-answer-stopped")).toHaveTextContent("Stopped");
    expect(within(final).getByTestId("chat-retry")).toBeEnabled();
    expect(api.count("POST /api/chat/conversations/c1/stop")).toBe(1);
  });

  it("Shift+Enter does not send; a refusal before the stream gives the text back", async () => {
    api.route("POST /api/chat/conversations/c1/messages", () =>
      errorReply(409, "conflict", "An answer is still running here; stop it or wait", {
        reason: "answer_running",
      }),
    );
    await openConversation();
    const box = screen.getByTestId("chat-message-input");
    fireEvent.change(box, { target: { value: "line one" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(api.count("POST /api/chat/conversations/c1/messages")).toBe(0);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByTestId("chat-send-error")).toHaveTextContent(
      "An answer is still running here; stop it or wait",
    );
    expect(screen.getByTestId("chat-message-input")).toHaveValue("line one");
    expect(screen.queryByTestId("chat-user-message")).toBeNull();
  });

  it("lets the user thank an answer from a universe shared with them, and shows the mark", async () => {
    const shared = {
      ...answer("Use the team's notes", "retrieval", "complete").message,
      helpful: false,
    };
    api.route("GET /api/chat/conversations/c1/messages", () => ({
      status: 200,
      body: { items: [shared], nextBefore: null },
    }));
    api.route("POST /api/chat/messages/m2/helpful", () => ({
      status: 200,
      body: { message: { ...shared, helpful: true } },
    }));
    renderAt("/chat", { "/chat": <ChatScreen /> });
    fireEvent.click(await screen.findByTestId("chat-conversation"));
    fireEvent.click(await screen.findByRole("button", { name: "This helped" }));
    expect(await screen.findByTestId("chat-helpful-marked")).toHaveTextContent("Marked helpful");
    expect(screen.queryByTestId("chat-mark-helpful")).toBeNull();
    expect(api.count("POST /api/chat/messages/m2/helpful")).toBe(1);
  });

  it("keeps the open conversation in the address", async () => {
    renderChatAt("/chat");
    fireEvent.click(await screen.findByTestId("chat-conversation"));
    await screen.findByTestId("chat-empty-conversation");
    expect(screen.getByTestId("address").textContent).toBe("?c=c1");
  });

  it("opens the conversation the address names, with its own entity picked", async () => {
    const other = testEntity("e2", "Grace", "Engineer");
    api.route("GET /api/aacos/entities", () => ({ status: 200, body: { items: [entity, other] } }));
    const withGrace = { ...conversation, id: C2, entityId: "e2", title: "Compilers" };
    api.route(`GET /api/chat/conversations/${C2}`, () => ({
      status: 200,
      body: { conversation: withGrace },
    }));
    api.route(`GET /api/chat/conversations/${C2}/messages`, () => ({
      status: 200,
      body: { items: [], nextBefore: null },
    }));
    renderChatAt(`/chat?c=${C2}`);
    expect(await screen.findByTestId("chat-title")).toHaveTextContent("Compilers");
    expect(await screen.findByTestId("chat-empty-conversation")).toHaveTextContent("Grace");
    expect(screen.getByTestId("chat-entity-picker")).toHaveValue("e2");
  });

  it("says so when the address names a conversation that is gone, and drops it from the address", async () => {
    api.route(`GET /api/chat/conversations/${GONE}`, () =>
      errorReply(404, "not_found", "Conversation not found", { subject: "conversation" }),
    );
    renderChatAt(`/chat?c=${GONE}`);
    await waitFor(() => expect(api.count(`GET /api/chat/conversations/${GONE}`)).toBe(1));
    expect(await screen.findByTestId("chat-send-error")).toHaveTextContent(
      "Conversation not found",
    );
    await waitFor(() => expect(screen.getByTestId("address").textContent).toBe(""));
    expect(screen.queryByTestId("chat-title")).toBeNull();
  });

  it("takes a mangled conversation id in the address for one that is not found, without asking the server", async () => {
    renderChatAt(`/chat?c=${encodeURIComponent('c1"><script>')}`);
    expect(await screen.findByTestId("chat-send-error")).toHaveTextContent(
      "Conversation not found",
    );
    await waitFor(() => expect(screen.getByTestId("address").textContent).toBe(""));
    expect(api.requests.filter((r) => r.path.startsWith("/api/chat/conversations/c1"))).toEqual([]);
  });
});
