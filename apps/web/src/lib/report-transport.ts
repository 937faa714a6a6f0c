// Sends monitoring reports (errors, security events) to the API with a plain fetch: never through the API client,
// whose own failures are reported — a failing report must not report itself.
import { apiUrl, isAllowedUrl } from "./api-client";
import { readStorage, STORAGE_KEYS } from "./storage";

/**
 * keepalive lets a report outlive the page (closing the tab right after an error), but the browser caps all keepalive
 * requests in flight at 64 KiB together and fails the rest: so it is used only while the page is being hidden.
 */
const KEEPALIVE_MAX_CHARS = 60_000;

/** POSTs JSON; resolves with the HTTP status, or 0 when no reply came (offline, blocked, timed out). */
export async function postReport(path: string, body: unknown): Promise<number> {
  const url = apiUrl(path);
  if (!isAllowedUrl(url)) return 0;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  // The server attaches the signed-in user to a report; the browser's claim is never trusted.
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const text = JSON.stringify(body);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: text,
      credentials: "same-origin",
      keepalive: text.length <= KEEPALIVE_MAX_CHARS && document.visibilityState === "hidden",
      signal: AbortSignal.timeout(30_000),
    });
    return response.status;
  } catch {
    return 0;
  }
}
