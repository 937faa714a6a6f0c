// The API keys section against a real local server: empty state, the form's own checks, the key shown once, the list
// and revoking after the confirm dialog; the expiry date's conversion with a fixed clock.
import type { ApiKeyItem } from "@aacos/domain/api-keys";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { startTestApi, type TestApi } from "../../test-api-server";
import { renderAt } from "../../test-utils";
import { earliestExpiry, expiryInstant } from "./api-key-dates";
import { ApiKeysSection } from "./api-keys-section";

// jsdom has no modal dialogs: open and close them as the browser would, by the open attribute.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});

const NOW = new Date(2026, 10, 25, 15, 30);
const SECRET = "aacos_sk_9f8e7d6c5b4a39281706f5e4d3c2b1a0";

describe("API keys section", () => {
  let api: TestApi;
  let keys: ApiKeyItem[];

  beforeEach(async () => {
    applyLanguage("en");
    keys = [];
    api = await startTestApi({
      "GET /api/me/api-keys": () => ({ status: 200, body: { items: keys } }),
      "POST /api/me/api-keys": (request) => {
        const body = request.body as { name: string; scopes: ApiKeyItem["scopes"] };
        keys = [
          {
            id: "k1",
            name: body.name,
            scopes: body.scopes,
            prefix: SECRET.slice(0, 12),
            last4: SECRET.slice(-4),
            createdAt: NOW.toISOString(),
            expiresAt: null,
            lastUsedAt: null,
          },
        ];
        return { status: 201, body: { id: "k1", key: SECRET } };
      },
      "DELETE /api/me/api-keys/k1": () => {
        keys = [];
        return { status: 204 };
      },
    });
  });
  afterEach(async () => {
    await api.close();
  });
  afterAll(() => applyLanguage("he"));

  function renderSection() {
    return renderAt("/", { "/": <ApiKeysSection now={() => NOW} /> });
  }

  it("shows the empty list, then creates a key shown once, lists it and revokes it after confirming", async () => {
    renderSection();
    expect(await screen.findByTestId("api-keys-empty")).toHaveTextContent("No keys yet.");

    // Nothing is sent without a name and a scope.
    fireEvent.click(screen.getByTestId("api-key-scope-read"));
    fireEvent.click(screen.getByTestId("api-key-create"));
    expect(screen.getByText("Give the key a name.")).toBeVisible();
    expect(screen.getByText("Choose at least one scope.")).toBeVisible();
    expect(api.count("POST /api/me/api-keys")).toBe(0);

    fireEvent.change(screen.getByTestId("api-key-name"), { target: { value: " deploy bot " } });
    fireEvent.click(screen.getByTestId("api-key-scope-ai"));
    fireEvent.click(screen.getByTestId("api-key-scope-read"));
    fireEvent.change(screen.getByTestId("api-key-expires"), { target: { value: "2026-12-31" } });
    fireEvent.click(screen.getByTestId("api-key-create"));

    const created = await screen.findByTestId("api-key-created");
    const sent = api.requests.find((request) => request.method === "POST")?.body;
    expect(sent).toEqual({
      name: "deploy bot",
      scopes: ["read", "ai"],
      expiresAt: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
    });
    expect(screen.getByTestId("api-key-secret")).toHaveValue(SECRET);
    expect(within(created).getByTestId("api-key-once-warning")).toHaveTextContent(
      "you will not see it again",
    );
    await waitFor(() => expect(screen.getAllByTestId("api-key-item")).toHaveLength(1));
    const item = screen.getByTestId("api-key-item");
    expect(item).toHaveTextContent("deploy bot");
    expect(within(item).getByTestId("api-key-item-prefix")).toHaveTextContent("aacos_sk_9f8…b1a0");
    expect(item).toHaveTextContent("Read");
    expect(item).toHaveTextContent("AI");
    expect(item).toHaveTextContent("Not used yet");
    expect(item).not.toHaveTextContent(SECRET);

    fireEvent.click(screen.getByTestId("api-key-done"));
    expect(screen.queryByTestId("api-key-created")).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Revoke the key deploy bot" }));
    const dialog = screen.getByTestId("api-key-revoke-dialog");
    expect(dialog).toHaveAttribute("open");
    expect(dialog).toHaveTextContent("Revoke the key “deploy bot”?");
    // Cancel keeps the key.
    fireEvent.click(within(dialog).getByTestId("api-key-revoke-cancel"));
    expect(dialog).not.toHaveAttribute("open");
    expect(api.count("DELETE /api/me/api-keys/k1")).toBe(0);

    fireEvent.click(screen.getByTestId("api-key-revoke"));
    await act(async () => {
      fireEvent.click(screen.getByTestId("api-key-revoke-confirm"));
    });
    expect(await screen.findByTestId("api-keys-revoked")).toHaveTextContent("Key revoked.");
    expect(await screen.findByTestId("api-keys-empty")).toBeVisible();
    expect(api.count("DELETE /api/me/api-keys/k1")).toBe(1);
  });

  it("refuses an expiry that is not after today", async () => {
    renderSection();
    await screen.findByTestId("api-keys-empty");
    expect(screen.getByTestId("api-key-expires")).toHaveAttribute("min", "2026-11-26");
    fireEvent.change(screen.getByTestId("api-key-name"), { target: { value: "ci" } });
    fireEvent.change(screen.getByTestId("api-key-expires"), { target: { value: "2026-11-25" } });
    fireEvent.click(screen.getByTestId("api-key-create"));
    expect(screen.getByText("Pick a date after today.")).toBeVisible();
    expect(api.count("POST /api/me/api-keys")).toBe(0);
  });

  it("says in the interface language when the account holds the most keys it may", async () => {
    api.route("POST /api/me/api-keys", () => ({
      status: 409,
      body: { error: { code: "too_many_api_keys", message: "At most 20 API keys per account" } },
    }));
    renderSection();
    await screen.findByTestId("api-keys-empty");
    fireEvent.change(screen.getByTestId("api-key-name"), { target: { value: "one more" } });
    fireEvent.click(screen.getByTestId("api-key-create"));
    expect(await screen.findByTestId("api-key-error")).toHaveTextContent(
      "You can hold up to 20 keys.",
    );
  });

  it("speaks Hebrew", async () => {
    applyLanguage("he");
    renderSection();
    expect(await screen.findByTestId("api-keys-empty")).toHaveTextContent("אין עדיין מפתחות.");
    expect(screen.getByRole("region", { name: "מפתחות API" })).toBeVisible();
  });
});

describe("API key expiry dates", () => {
  it("offers tomorrow first and keeps the chosen day whole", () => {
    expect(earliestExpiry(new Date(2026, 11, 31, 23, 0))).toBe("2027-01-01");
    expect(expiryInstant("2027-01-01", new Date(2026, 11, 31, 23, 0))).toBe(
      new Date(2027, 0, 1, 23, 59, 59, 999).toISOString(),
    );
    expect(expiryInstant("2026-12-31", new Date(2026, 11, 31, 23, 0))).toBeNull();
    expect(expiryInstant("2027-02-30", new Date(2026, 11, 31))).toBeNull();
    expect(expiryInstant("soon", new Date(2026, 11, 31))).toBeNull();
  });
});
