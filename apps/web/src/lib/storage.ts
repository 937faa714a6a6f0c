// Local-storage keys of the web app and safe read/write helpers (storage can be blocked).

export const STORAGE_KEYS = {
  language: "aacos-lang",
  theme: "aacos-theme",
  redirectAfterLogin: "redirectAfterLogin",
  /** The access token (docs/product.md §7: bearer token from local storage); the refresh token stays in an httpOnly cookie. */
  token: "token",
  userId: "userId",
  /** The signed-in user as last confirmed (JSON): an offline reload keeps the session with it. */
  sessionUser: "aacos-session-user",
  /** docs/product.md §3 accessibility settings (JSON). */
  accessibilitySettings: "accessibility-settings",
  /** The signed-in user's query cache (JSON, lib/query-persistence.ts): the last data, shown offline. */
  queryCache: "aacos-query-cache",
  /** Error reports not yet delivered (JSON list), retried when back online. */
  errorQueue: "aacos-error-queue",
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or blocked storage: the preference lasts for this page only.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}
