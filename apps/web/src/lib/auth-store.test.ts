// Auth transitions of docs/product.md §4 against a real local server: sign-in, MFA, start-up check, refresh, sign-out, 401 handling.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { errorReply, fakeAccessToken, startTestApi, type TestApi } from "../test-api-server";
import { testUser } from "../test-fixtures";
import { apiGet, apiUrl, setApiBase } from "./api-client";
import {
  type AuthFailure,
  resetAuthStore,
  takeRedirectAfterLogin,
  useAuthStore,
} from "./auth-store";
import { applyLanguage, i18n } from "./i18n";
import { translateError } from "./messages";
import { setAppNavigator } from "./navigation";

const HOUR = 3_600_000;
const dana = testUser({ id: "u-dana" });

/** The store's failure as the interface shows it, in English and in Hebrew. */
function shown(failure: AuthFailure | null): { en: string; he: string } | null {
  if (failure === null) return null;
  applyLanguage("en");
  const en = translateError(i18n.t, failure);
  applyLanguage("he");
  return { en, he: translateError(i18n.t, failure) };
}

let api: TestApi;
let refreshAnswer: "ok" | "fail" = "ok";
let currentToken = "";
const navigations: string[] = [];

function session(token: string) {
  return {
    user: dana,
    token,
    refreshToken: "opaque",
    expiresAt: new Date(Date.now() + HOUR).toISOString(),
    rememberMe: true,
  };
}

beforeAll(async () => {
  api = await startTestApi({
    "POST /api/auth/login": (request) => {
      const body = request.body as { email: string; password: string };
      if (body.password !== "Quantum1!") {
        return errorReply(401, "unauthorized", "Invalid email or password", {
          reason: "login_failed",
        });
      }
      if (body.email === "mfa@example.com") {
        return {
          status: 200,
          body: { mfaRequired: true, mfaToken: "step", methods: ["totp", "recovery"] },
        };
      }
      currentToken = fakeAccessToken("login");
      return { status: 200, body: session(currentToken) };
    },
    "POST /api/auth/mfa/verify": (request) => {
      const body = request.body as { code: string; mfaToken: string };
      if (body.code !== "123456" || body.mfaToken !== "step") {
        return {
          status: 401,
          body: { error: { code: "unauthorized", message: "Invalid verification code" } },
        };
      }
      currentToken = fakeAccessToken("mfa");
      return { status: 200, body: session(currentToken) };
    },
    "POST /api/auth/refresh": () => {
      if (refreshAnswer === "fail") {
        return {
          status: 401,
          body: {
            error: {
              code: "unauthorized",
              message: "Token refresh failed",
              params: { reason: "token_refresh_failed" },
            },
          },
        };
      }
      currentToken = fakeAccessToken(`refreshed-${api.count("POST /api/auth/refresh")}`);
      return {
        status: 200,
        body: {
          token: currentToken,
          refreshToken: "opaque-2",
          expiresAt: new Date(Date.now() + HOUR).toISOString(),
          rememberMe: true,
        },
      };
    },
    "POST /api/auth/logout": () => ({ status: 204 }),
    "GET /api/auth/me": (request) =>
      request.authorization === `Bearer ${currentToken}` && currentToken !== ""
        ? { status: 200, body: { user: dana } }
        : {
            status: 401,
            body: { error: { code: "unauthorized", message: "Authentication required" } },
          },
    "GET /api/things": (request) =>
      request.authorization === `Bearer ${currentToken}` && currentToken !== ""
        ? { status: 200, body: { items: [] } }
        : {
            status: 401,
            body: { error: { code: "unauthorized", message: "Authentication required" } },
          },
  });
  setAppNavigator((path) => {
    navigations.push(path);
  });
});

afterAll(() => api.close());

beforeEach(() => {
  resetAuthStore();
  refreshAnswer = "ok";
  currentToken = "";
  navigations.length = 0;
  api.requests.length = 0;
  window.history.replaceState(null, "", "/");
});

describe("auth store", () => {
  it("keeps the session through a reload while offline, with the user last confirmed", async () => {
    await useAuthStore.getState().login({ email: "dana", password: "Quantum1!" });
    const base = apiUrl("");
    // The reload: a fresh store, and no server to reach (nothing listens on port 9).
    resetAuthStore("loading");
    setApiBase("http://127.0.0.1:9/api");
    try {
      await useAuthStore.getState().initialize();
    } finally {
      setApiBase(base);
    }
    const state = useAuthStore.getState();
    expect(state.status).toBe("ready");
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.username).toBe("dana");
    expect(window.localStorage.getItem("token")).toBe(currentToken);
    // Signing out forgets the remembered user too.
    await useAuthStore.getState().logout();
    expect(window.localStorage.getItem("aacos-session-user")).toBeNull();
  });

  it("signs in: stores the token and userId, and an expiry one hour ahead", async () => {
    const before = Date.now();
    const outcome = await useAuthStore
      .getState()
      .login({ email: "dana", password: "Quantum1!", rememberMe: true });
    expect(outcome).toEqual({ kind: "signed-in" });
    const state = useAuthStore.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.username).toBe("dana");
    expect(state.token).toBe(currentToken);
    expect(state.rememberMe).toBe(true);
    expect(window.localStorage.getItem("token")).toBe(currentToken);
    expect(window.localStorage.getItem("userId")).toBe("u-dana");
    expect(state.sessionExpiry).toBeGreaterThanOrEqual(before + HOUR);
    expect(state.sessionExpiry).toBeLessThanOrEqual(Date.now() + HOUR);
    // The refresh token stays in the cookie: nothing of it in script-readable storage.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain("opaque");
  });

  it("keeps a wrong password signed out with the server's refusal, shown in either language", async () => {
    await expect(
      useAuthStore.getState().login({ email: "dana", password: "nope" }),
    ).rejects.toMatchObject({ status: 401 });
    const state = useAuthStore.getState();
    expect(state.isAuthenticated).toBe(false);
    expect(state.error).toEqual({
      code: "unauthorized",
      params: { reason: "login_failed" },
      fallback: "login",
    });
    expect(shown(state.error)).toEqual({
      en: "Invalid email or password",
      he: "אימייל או סיסמה שגויים",
    });
    expect(api.count("POST /api/auth/refresh")).toBe(0);
  });

  it("asks for the second step, then finishes the sign-in with a code", async () => {
    const outcome = await useAuthStore
      .getState()
      .login({ email: "mfa@example.com", password: "Quantum1!" });
    expect(outcome).toEqual({
      kind: "mfa",
      challenge: { mfaRequired: true, mfaToken: "step", methods: ["totp", "recovery"] },
    });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem("token")).toBeNull();
    await useAuthStore.getState().verifyMfa({ code: "123456", type: "totp", mfaToken: "step" });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(window.localStorage.getItem("token")).toBe(currentToken);
  });

  it("signs out: the server is told and token, user and expiry are cleared", async () => {
    await useAuthStore.getState().login({ email: "dana", password: "Quantum1!" });
    await useAuthStore.getState().logout();
    const state = useAuthStore.getState();
    expect(api.count("POST /api/auth/logout")).toBe(1);
    expect(state).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      sessionExpiry: null,
    });
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(window.localStorage.getItem("userId")).toBeNull();
  });

  it("refresh replaces the token and extends the expiry", async () => {
    await useAuthStore.getState().login({ email: "dana", password: "Quantum1!" });
    const first = useAuthStore.getState().token;
    expect(await useAuthStore.getState().refresh()).toBe(true);
    expect(useAuthStore.getState().token).not.toBe(first);
    expect(window.localStorage.getItem("token")).toBe(currentToken);
    expect(useAuthStore.getState().sessionExpiry).toBeGreaterThan(Date.now() + HOUR - 5_000);
  });

  it("a failed refresh signs out", async () => {
    await useAuthStore.getState().login({ email: "dana", password: "Quantum1!" });
    refreshAnswer = "fail";
    expect(await useAuthStore.getState().refresh()).toBe(false);
    const state = useAuthStore.getState();
    expect(state.isAuthenticated).toBe(false);
    expect(state.user).toBeNull();
    expect(shown(state.error)).toEqual({ en: "Token refresh failed", he: "חידוש החיבור נכשל" });
    expect(window.localStorage.getItem("token")).toBeNull();
  });

  it("concurrent refreshes share one call (a refresh token is single-use)", async () => {
    await useAuthStore.getState().login({ email: "dana", password: "Quantum1!" });
    const results = await Promise.all([
      useAuthStore.getState().refresh(),
      useAuthStore.getState().refresh(),
    ]);
    expect(results).toEqual([true, true]);
    expect(api.count("POST /api/auth/refresh")).toBe(1);
  });

  describe("start-up", () => {
    it("is loading until the stored token is checked with GET /api/auth/me", async () => {
      currentToken = fakeAccessToken("stored");
      window.localStorage.setItem("token", currentToken);
      resetAuthStore("loading");
      const started = useAuthStore.getState().initialize();
      expect(useAuthStore.getState().status).toBe("loading");
      await started;
      expect(useAuthStore.getState()).toMatchObject({
        status: "ready",
        isAuthenticated: true,
        isLoading: false,
      });
      expect(api.count("POST /api/auth/refresh")).toBe(0);
    });

    it("without a usable token, restores the session from the refresh cookie", async () => {
      window.localStorage.setItem("token", "expired");
      resetAuthStore("loading");
      await useAuthStore.getState().initialize();
      expect(api.count("POST /api/auth/refresh")).toBe(1);
      expect(useAuthStore.getState()).toMatchObject({ status: "ready", isAuthenticated: true });
      expect(window.localStorage.getItem("token")).toBe(currentToken);
    });

    it("asks nothing of the server for a visitor who never signed in here", async () => {
      resetAuthStore("loading");
      await useAuthStore.getState().initialize();
      expect(api.count("POST /api/auth/refresh")).toBe(0);
      expect(api.count("GET /api/auth/me")).toBe(0);
      expect(useAuthStore.getState()).toMatchObject({
        status: "ready",
        isAuthenticated: false,
        error: null,
      });
    });

    it("tries the refresh cookie when the browser remembers a user, and ends signed out when it holds no session", async () => {
      refreshAnswer = "fail";
      window.localStorage.setItem("userId", "u1");
      resetAuthStore("loading");
      await useAuthStore.getState().initialize();
      expect(useAuthStore.getState()).toMatchObject({
        status: "ready",
        isAuthenticated: false,
        error: null,
      });
      expect(api.count("POST /api/auth/refresh")).toBe(1);
      expect(window.localStorage.getItem("userId")).toBeNull();
      expect(navigations).toEqual([]);
    });
  });

  it("schedules the silent refresh a minute before expiry", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      await useAuthStore.getState().login({ email: "dana", password: "Quantum1!" });
      vi.advanceTimersByTime(HOUR - 61_000);
      expect(api.count("POST /api/auth/refresh")).toBe(0);
      vi.advanceTimersByTime(2_000);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(api.count("POST /api/auth/refresh")).toBe(1));
  });

  it("on a 401 it cannot cure: clears the token, remembers the page and goes to /login", async () => {
    await useAuthStore.getState().login({ email: "dana", password: "Quantum1!" });
    window.history.replaceState(null, "", "/chat?thread=7");
    currentToken = "revoked-everywhere";
    refreshAnswer = "fail";
    await expect(apiGet("/things")).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(window.localStorage.getItem("redirectAfterLogin")).toBe("/chat?thread=7");
    expect(navigations).toEqual(["/login"]);
    await vi.waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(takeRedirectAfterLogin()).toBe("/chat?thread=7");
    expect(window.localStorage.getItem("redirectAfterLogin")).toBeNull();
    expect(takeRedirectAfterLogin()).toBe("/dashboard");
  });

  it("never redirects after sign-in to another site or back to a sign-in page", () => {
    for (const bad of ["//evil.example/x", "https://evil.example", "/auth/login", "/login"]) {
      window.localStorage.setItem("redirectAfterLogin", bad);
      expect(takeRedirectAfterLogin()).toBe("/dashboard");
    }
  });
});
