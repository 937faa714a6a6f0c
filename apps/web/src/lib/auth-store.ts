// The session (zustand, docs/product.md §3 and §4): start-up check, sign-in, MFA step, silent refresh, sign-out, 401 handling.
import {
  ACCESS_TOKEN_TTL_MS,
  type AccessRequirement,
  ROUTE_ACCESS,
  sessionExpiry,
} from "@aacos/domain/access";
import type { ProfileBody, RegisterBody } from "@aacos/domain/validation";
import { create } from "zustand";
import { ApiError, type DefaultError, setSessionHandlers } from "./api-client";
import {
  type AuthUser,
  authApi,
  isMfaChallenge,
  type LoginInput,
  type MfaChallenge,
  type SessionReply,
  type SessionTokens,
} from "./auth-api";
import { currentPath, navigateTo } from "./navigation";
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from "./storage";

export type { AuthUser } from "./auth-api";

/** "loading" while the stored session is checked at start-up; "ready" after, signed in or not. */
export type AuthStatus = "loading" | "ready";

/** The silent refresh runs this long before the access token expires. */
export const REFRESH_AHEAD_MS = 60_000;
/** After a refresh that failed for a reason other than 401 (network), the next try. */
const REFRESH_RETRY_MS = 30_000;

export type LoginOutcome = { kind: "signed-in" } | { kind: "mfa"; challenge: MfaChallenge };

/**
 * A failed sign-in or refresh as the interface shows it: the server's code and params, or the web's own default text
 * by its key (`fallback`). Screens translate it with `translateError` (lib/messages.ts); it holds no English.
 */
export interface AuthFailure {
  code: string;
  params: Readonly<Record<string, unknown>>;
  fallback: DefaultError;
}

/** A call's failure by its code and params; anything else (no API error) reads as the web's default for the call. */
function failureOf(error: unknown, fallback: DefaultError): AuthFailure {
  return error instanceof ApiError
    ? { code: error.code, params: error.params, fallback }
    : { code: fallback, params: {}, fallback };
}

export interface AuthState {
  user: AuthUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True while the start-up check or a sign-in call is in flight. */
  isLoading: boolean;
  /** The last sign-in or refresh failure, by code (screens translate it). */
  error: AuthFailure | null;
  /** When the access token expires, in epoch milliseconds. */
  sessionExpiry: number | null;
  rememberMe: boolean;
  status: AuthStatus;

  initialize: () => Promise<void>;
  login: (input: LoginInput) => Promise<LoginOutcome>;
  register: (input: RegisterBody) => Promise<void>;
  verifyMfa: (input: {
    code: string;
    type: "totp" | "recovery";
    mfaToken: string;
  }) => Promise<void>;
  /** Any reply carrying a session (login, register, MFA, passkey, OAuth, setup) signs in through here. */
  startSession: (reply: SessionReply) => void;
  refresh: () => Promise<boolean>;
  logout: () => Promise<void>;
  signOutLocally: () => void;
  setUser: (user: AuthUser) => void;
  updateProfile: (changes: ProfileBody) => Promise<AuthUser>;
  clearError: () => void;
}

/** The access token's own expiry (JWT `exp`), read without verifying: only to time the refresh. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims: unknown = JSON.parse(json);
    if (typeof claims === "object" && claims !== null && "exp" in claims) {
      const exp = (claims as { exp: unknown }).exp;
      if (typeof exp === "number") return exp * 1000;
    }
  } catch {
    // Not a JWT: the caller falls back to the spec's one hour.
  }
  return null;
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh(at: number | null): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  if (at === null) return;
  const delay = Math.max(0, at - Date.now());
  refreshTimer = setTimeout(() => void useAuthStore.getState().refresh(), delay);
}

/** Across tabs only one refresh runs at a time: a rotated refresh token presented twice ends the session. */
async function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks && typeof locks.request === "function") {
    return locks.request("aacos-session-refresh", run);
  }
  return run();
}

function storeToken(token: string, userId: string | null): void {
  writeStorage(STORAGE_KEYS.token, token);
  if (userId !== null) writeStorage(STORAGE_KEYS.userId, userId);
}

function clearStoredSession(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.userId);
  removeStorage(STORAGE_KEYS.sessionUser);
  removeStorage(STORAGE_KEYS.queryCache);
}

function rememberUser(user: AuthUser): void {
  writeStorage(STORAGE_KEYS.sessionUser, JSON.stringify(user));
}

/** The user last confirmed on this browser, if it is the stored session's user. */
function rememberedUser(): AuthUser | null {
  const raw = readStorage(STORAGE_KEYS.sessionUser);
  if (raw === null) return null;
  try {
    const user = JSON.parse(raw) as AuthUser;
    return typeof user?.id === "string" && user.id === readStorage(STORAGE_KEYS.userId)
      ? user
      : null;
  } catch {
    return null;
  }
}

const SIGNED_OUT = {
  user: null,
  token: null,
  isAuthenticated: false,
  sessionExpiry: null,
  rememberMe: false,
} as const;

let refreshing: Promise<boolean> | null = null;
let initializing: Promise<void> | null = null;

export const useAuthStore = create<AuthState>()((set, get) => {
  /** Takes new tokens: stores the access token, sets expiry one hour ahead and re-arms the silent refresh. */
  const applyTokens = (tokens: SessionTokens, userId: string | null) => {
    const expiry = sessionExpiry(new Date()).getTime();
    lossHandled = false;
    storeToken(tokens.token, userId);
    set({
      token: tokens.token,
      sessionExpiry: expiry,
      rememberMe: tokens.rememberMe ?? get().rememberMe,
      error: null,
    });
    scheduleRefresh(expiry - REFRESH_AHEAD_MS);
  };

  /** One sign-in step: isLoading while it runs; a failure is kept (its fallback text `fallback`) and thrown on. */
  const signInStep = async <T>(fallback: DefaultError, step: () => Promise<T>): Promise<T> => {
    set({ isLoading: true, error: null });
    try {
      return await step();
    } catch (error) {
      set({ error: failureOf(error, fallback) });
      throw error;
    } finally {
      set({ isLoading: false });
    }
  };

  const refreshOnce = async (): Promise<boolean> => {
    const before = get().token;
    return withRefreshLock(async () => {
      // Another tab may have refreshed while this one waited for the lock: take its token.
      const stored = readStorage(STORAGE_KEYS.token);
      const storedExpiry = stored ? tokenExpiry(stored) : null;
      if (
        stored &&
        stored !== before &&
        storedExpiry !== null &&
        storedExpiry - Date.now() > REFRESH_AHEAD_MS
      ) {
        set({ token: stored, sessionExpiry: storedExpiry, error: null });
        scheduleRefresh(storedExpiry - REFRESH_AHEAD_MS);
        return true;
      }
      try {
        const tokens = await authApi.refresh();
        applyTokens(tokens, get().user?.id ?? readStorage(STORAGE_KEYS.userId));
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 0 && get().user !== null) {
          // Offline: keep the session and try again shortly; the token may still be valid.
          scheduleRefresh(Date.now() + REFRESH_RETRY_MS);
          return false;
        }
        endSession();
        // Whatever the refusal said, the session is gone: the web's own text for a failed refresh.
        set({ error: { code: "refresh", params: {}, fallback: "refresh" } });
        return false;
      }
    });
  };

  return {
    ...SIGNED_OUT,
    isLoading: true,
    error: null,
    status: "loading",

    initialize: () => {
      initializing ??= (async () => {
        set({ status: "loading", isLoading: true });
        const token = readStorage(STORAGE_KEYS.token);
        try {
          if (token) {
            try {
              const user = await authApi.me({ handleUnauthorized: false });
              const expiry = tokenExpiry(token) ?? Date.now() + ACCESS_TOKEN_TTL_MS;
              set({ user, token, isAuthenticated: true, sessionExpiry: expiry });
              writeStorage(STORAGE_KEYS.userId, user.id);
              rememberUser(user);
              scheduleRefresh(expiry - REFRESH_AHEAD_MS);
              return;
            } catch (error) {
              // No reply (offline): the session stays with the user last confirmed here; the silent refresh and the
              // next calls check it again once the network is back.
              const remembered =
                error instanceof ApiError && error.status === 0 ? rememberedUser() : null;
              if (remembered !== null) {
                const expiry = tokenExpiry(token) ?? Date.now() + ACCESS_TOKEN_TTL_MS;
                set({ user: remembered, token, isAuthenticated: true, sessionExpiry: expiry });
                scheduleRefresh(Math.max(Date.now() + REFRESH_RETRY_MS, expiry - REFRESH_AHEAD_MS));
                return;
              }
              // Only an expired or revoked token falls through to the cookie; a network error keeps it for next time.
              if (!(error instanceof ApiError && error.status === 401)) {
                set(SIGNED_OUT);
                return;
              }
            }
          }
          // A visitor who never signed in on this browser has nothing to restore: no refresh call (its 401 would
          // only show as a console error on every public page). A session always leaves the token or the user id.
          if (token === null && readStorage(STORAGE_KEYS.userId) === null) {
            set({ ...SIGNED_OUT, error: null });
            return;
          }
          // An expired token (or only the user id): the httpOnly refresh cookie may still hold a session.
          if (await get().refresh()) {
            const user = await authApi.me({ handleUnauthorized: false });
            set({ user, isAuthenticated: true });
            writeStorage(STORAGE_KEYS.userId, user.id);
            rememberUser(user);
          } else {
            // A visitor was never signed in: the failed silent refresh is not an error to show.
            set({ ...SIGNED_OUT, error: null });
            clearStoredSession();
          }
        } catch {
          set(SIGNED_OUT);
        } finally {
          set({ status: "ready", isLoading: false });
        }
      })();
      return initializing;
    },

    login: (input) =>
      signInStep("login", async () => {
        const reply = await authApi.login(input);
        if (isMfaChallenge(reply)) return { kind: "mfa", challenge: reply };
        get().startSession({ ...reply, rememberMe: reply.rememberMe ?? input.rememberMe ?? false });
        return { kind: "signed-in" };
      }),

    register: (input) =>
      signInStep("register", async () => {
        get().startSession(await authApi.register(input));
      }),

    verifyMfa: (input) =>
      signInStep("login", async () => {
        get().startSession(await authApi.verifyMfa(input));
      }),

    startSession: (reply) => {
      rememberUser(reply.user);
      set({
        user: reply.user,
        isAuthenticated: true,
        rememberMe: reply.rememberMe ?? false,
        status: "ready",
      });
      applyTokens(reply, reply.user.id);
    },

    refresh: () => {
      refreshing ??= refreshOnce().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    logout: async () => {
      try {
        // The server revokes this session and clears the cookie; signing out locally does not wait on it.
        await authApi.logout();
      } catch {
        // Offline or already revoked: the local session ends all the same.
      }
      get().signOutLocally();
    },

    signOutLocally: () => {
      scheduleRefresh(null);
      clearStoredSession();
      set({ ...SIGNED_OUT, status: "ready", isLoading: false });
    },

    setUser: (user) => {
      rememberUser(user);
      set({ user });
    },

    updateProfile: async (changes) => {
      const updated = await authApi.updateProfile(changes);
      // docs/product.md §7: the returned data is merged into the user.
      const merged = { ...get().user, ...updated };
      rememberUser(merged);
      set({ user: merged });
      return merged;
    },

    clearError: () => set({ error: null }),
  };
});

/** Pages where being sent to sign-in must not remember the page itself. */
const AUTH_PAGES = /^\/(auth\/|login\b|setup\b)/;

/** Whether the page the user is on needs a session (by the route table). */
function onProtectedPage(): boolean {
  const path = window.location.pathname.replace(/\/+$/, "") || "/";
  const requirement: AccessRequirement | undefined = (
    ROUTE_ACCESS as Record<string, AccessRequirement>
  )[path];
  return requirement?.signedIn === true;
}

/** One lost session is handled once (the refresh and the failed call may both report it). */
let lossHandled = false;

/**
 * docs/product.md §8: a 401 the refresh could not cure clears the token, remembers the page and goes to /login.
 * The state clears only once the navigation is done, so the page being left never renders signed out.
 */
function sessionLost(): void {
  scheduleRefresh(null);
  clearStoredSession();
  const here = currentPath();
  if (AUTH_PAGES.test(here)) {
    useAuthStore.getState().signOutLocally();
    return;
  }
  if (lossHandled) return;
  lossHandled = true;
  writeStorage(STORAGE_KEYS.redirectAfterLogin, here);
  void Promise.resolve(navigateTo("/login")).finally(() =>
    useAuthStore.getState().signOutLocally(),
  );
}

/** A session that ended on its own (failed silent refresh): on a signed-in page that is a lost session. */
function endSession(): void {
  if (useAuthStore.getState().isAuthenticated && onProtectedPage()) sessionLost();
  else useAuthStore.getState().signOutLocally();
}

/** Tests start each case from a clean, signed-out store. */
export function resetAuthStore(status: AuthStatus = "ready"): void {
  scheduleRefresh(null);
  refreshing = null;
  initializing = null;
  lossHandled = false;
  useAuthStore.setState({ ...SIGNED_OUT, status, isLoading: status === "loading", error: null });
}

setSessionHandlers({
  refresh: () => useAuthStore.getState().refresh(),
  sessionLost,
});

/** Keeps tabs in step: signing out or in elsewhere changes the token key, which this tab follows. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token) return;
    const state = useAuthStore.getState();
    if (event.newValue === null) {
      if (!state.isAuthenticated) return;
      scheduleRefresh(null);
      const clear = () => useAuthStore.setState({ ...SIGNED_OUT, status: "ready" });
      // Signed out in another tab on purpose: leave a signed-in page for home, remembering nothing.
      if (onProtectedPage()) void Promise.resolve(navigateTo("/")).finally(clear);
      else clear();
      return;
    }
    const expiry = tokenExpiry(event.newValue) ?? Date.now() + ACCESS_TOKEN_TTL_MS;
    useAuthStore.setState({ token: event.newValue, sessionExpiry: expiry });
    scheduleRefresh(expiry - REFRESH_AHEAD_MS);
    if (!state.isAuthenticated) {
      void authApi
        .me({ handleUnauthorized: false })
        .then((user) => useAuthStore.setState({ user, isAuthenticated: true, status: "ready" }))
        .catch(() => {});
    }
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

/** Where to go after signing in: the remembered page (then forgotten) or /dashboard. */
export function takeRedirectAfterLogin(fallback = "/dashboard"): string {
  const remembered = readStorage(STORAGE_KEYS.redirectAfterLogin);
  removeStorage(STORAGE_KEYS.redirectAfterLogin);
  // Only a path of this site: never "//other.host" or a full URL.
  if (remembered?.startsWith("/") && !remembered.startsWith("//")) {
    if (!AUTH_PAGES.test(remembered)) return remembered;
  }
  return fallback;
}
