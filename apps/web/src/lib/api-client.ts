// The HTTP client for /api (docs/product.md §7, §8): JSON, bearer token, 30 s timeout, merged GETs, typed errors, 401 handling,
// uploads with progress, the upgrade signals (refusals with an upgrade payload, the soft hint header) reported out,
// hosts outside the allowlist refused, and every completed call told to the request observer (monitoring).

import { ACCOUNT_SUSPENDED_CODE } from "@aacos/domain/admin-console";
import { type FieldError, isFieldCode } from "@aacos/domain/errors";
import { BLOCKED_REQUEST_MESSAGE, isAllowedRequestUrl } from "./allowed-hosts";
import { APP_CONFIG } from "./app-config";
import { readStorage, STORAGE_KEYS } from "./storage";

const TIMEOUT_MS = 30_000;

/** docs/product.md §8's default texts, used when a failed call brings no message of its own. */
export const DEFAULT_ERRORS = {
  login: "Login failed",
  register: "Registration failed",
  profile: "Profile update failed",
  refresh: "Token refresh failed",
  request: "Request failed",
  network: "Network error",
  timeout: "The request timed out",
  /** Refused before sending: the browser has no network (the interface shows it translated, lib/messages.ts). */
  offline: "You're offline. This needs an internet connection; try again once you're back online.",
} as const;

/** Which of the default texts a call falls back to; the interface shows it by its key, never the English. */
export type DefaultError = keyof typeof DEFAULT_ERRORS;

/** The code of a call refused because the browser is offline (status 0, like every call that got no reply). */
export const OFFLINE_CODE = "offline";

/** The browser knows it has no network (navigator.onLine is false only when that is certain). */
function browserOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

function offlineError(): ApiError {
  return new ApiError(0, OFFLINE_CODE, DEFAULT_ERRORS.offline);
}

/** What a refusal over a plan limit carries (429 rate_limited, 403 limit_reached and feature_locked). */
export interface UpgradeOffer {
  suggestedTier: string | null;
  upgradeUrl: string | null;
  reason: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field name → its code and params (the reply's `fieldCodes`), for validation (400) and conflict (409) errors. */
    readonly fields: Readonly<Record<string, FieldError>> = {},
    /** Seconds to wait, for 429. */
    readonly retryAfter: number | null = null,
    /** The upgrade payload of a refusal over a plan limit; null otherwise. */
    readonly upgrade: UpgradeOffer | null = null,
    /** The code's params (packages/domain/src/errors.ts): what the interface translates, never the message. */
    readonly params: Readonly<Record<string, unknown>> = {},
    /** The call's own default text (login, register…) for a failure the union does not name; null: none. */
    readonly fallback: DefaultError | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** The default text when the reply carries no error of ours (docs/product.md §8 defaults). */
  fallback?: DefaultError;
  /**
   * false: a 401 is only thrown, without the refresh-then-sign-out handling; true: handled even on a
   * credential call (a signed-in user confirming MFA set-up). Default: handled except on credential calls.
   */
  handleUnauthorized?: boolean;
}

/** What the auth store plugs in: how to refresh the session, and what to do when it is lost. */
export interface SessionHandlers {
  refresh: () => Promise<boolean>;
  sessionLost: () => void;
}

let handlers: SessionHandlers = { refresh: async () => false, sessionLost: () => {} };

export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

/** What the upgrade prompts plug in: told of every plan-limit refusal and of the server's soft hint. */
export interface UpgradeSignals {
  refused: (error: ApiError) => void;
  softHint: () => void;
}

let upgradeSignals: UpgradeSignals = { refused: () => {}, softHint: () => {} };

export function setUpgradeSignals(next: UpgradeSignals): void {
  upgradeSignals = next;
}

/** The refusals a plan upgrade would lift (docs/product.md §7). */
const UPGRADE_CODES = new Set(["rate_limited", "limit_reached", "feature_locked"]);

/** docs/product.md §9: the server marks about 10% of genesis calls for a soft upgrade prompt. */
export const SOFT_HINT_HEADER = "aacos-upgrade-hint";

/**
 * A refusal an upgrade would lift (it names the limit or feature: the general per-user limit does not) is reported; the
 * soft hint only on the user's own actions, never on a screen's reads (docs/decisions/165-one-prompt-per-refusal.md).
 */
function reportUpgradeSignals(method: string, hint: string | null, error: ApiError | null): void {
  if (error !== null) {
    if (UPGRADE_CODES.has(error.code) && error.upgrade !== null) upgradeSignals.refused(error);
  } else if (hint === "soft" && method !== "GET") upgradeSignals.softHint();
}

let apiBase = "/api";
/** Origins the code chose as API base; a test server on another port is trusted this way, never by a URL's say-so. */
const trustedOrigins = new Set<string>();

/** Tests point the client at a local server; the app always uses same-origin /api. */
export function setApiBase(base: string): void {
  apiBase = base;
  if (/^https?:\/\//.test(base)) trustedOrigins.add(new URL(base).origin);
}

/** The full URL of an API path (the error and security reporters send through their own fetch). */
export function apiUrl(path: string): string {
  return `${apiBase}${path}`;
}

/** docs/product.md §8's allowlist: this origin, the API base, the product's own domains (and loopback in development). */
export function isAllowedUrl(url: string): boolean {
  return isAllowedRequestUrl(url, {
    origin: window.location.origin,
    productHosts: APP_CONFIG.productHosts,
    trustedOrigins,
    allowLoopback: APP_CONFIG.allowLoopback,
  });
}

/** What monitoring plugs in: every finished call (status 0: no reply) and every refused host. */
export interface RequestObserver {
  completed: (call: { method: string; path: string; status: number; durationMs: number }) => void;
  blocked: (url: string) => void;
}

let requestObserver: RequestObserver = { completed: () => {}, blocked: () => {} };

export function setRequestObserver(next: RequestObserver): void {
  requestObserver = next;
}

/** A full URL (`https://…`, `//host/…`): a link handed out by a reply, used as it is rather than joined to the base. */
const ABSOLUTE_URL = /^([a-z][a-z\d+.-]*:)?\/\//i;

/**
 * The URL of a call (an API path, or a full URL), refused (and reported) when its host is not allowed, and refused at
 * once while the browser is offline: every send (chat, a form, an upload) then says it needs a connection instead of
 * waiting for a network error (issue 15, docs/decisions/184).
 */
function checkedUrl(path: string): string {
  const url = ABSOLUTE_URL.test(path) ? path : apiUrl(path);
  if (!isAllowedUrl(url)) {
    requestObserver.blocked(url);
    throw new ApiError(0, "request_blocked", BLOCKED_REQUEST_MESSAGE);
  }
  if (browserOffline()) throw offlineError();
  return url;
}

/** A call that got no reply: offline if the browser now knows it is, otherwise a network error. */
function noReplyError(fallback?: DefaultError): ApiError {
  return browserOffline()
    ? offlineError()
    : new ApiError(
        0,
        "network_error",
        DEFAULT_ERRORS[fallback ?? "network"],
        {},
        null,
        null,
        {},
        fallback ?? null,
      );
}

/**
 * Calls whose 401 means "wrong credentials", not "session expired": they never trigger a refresh or a
 * redirect to sign-in (a wrong password must not bounce the user to /login).
 */
const CREDENTIAL_CALLS =
  /^\/(auth\/(login|register|refresh|logout|mfa\/verify|reset-password|oauth\/|passkeys\/login\/)|setup)/;

export function isCredentialCall(path: string): boolean {
  return CREDENTIAL_CALLS.test(path);
}

interface ErrorBody {
  error?: {
    code?: unknown;
    message?: unknown;
    params?: unknown;
    fields?: unknown;
    fieldCodes?: unknown;
  };
  retryAfter?: unknown;
  suggestedTier?: unknown;
  upgradeUrl?: unknown;
  reason?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * The fields at fault with their codes (docs/decisions/244-field-error-codes.md); a field whose code this build does
 * not know reads as an invalid value, never as the reply's English text.
 */
function fieldsOf(names: unknown, codes: unknown): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  const coded = isRecord(codes) ? codes : {};
  for (const name of [...Object.keys(isRecord(names) ? names : {}), ...Object.keys(coded)]) {
    const entry = coded[name];
    fields[name] =
      isRecord(entry) && isFieldCode(entry.code)
        ? ({ code: entry.code, params: isRecord(entry.params) ? entry.params : {} } as FieldError)
        : { code: "invalid_format", params: {} };
  }
  return fields;
}

/** The upgrade payload: a reason and the upgrade link (null on the top plan). The general limit names a reason only. */
function upgradeOf(reply: ErrorBody): UpgradeOffer | null {
  if (typeof reply.reason !== "string" || !("upgradeUrl" in reply)) return null;
  return {
    suggestedTier: typeof reply.suggestedTier === "string" ? reply.suggestedTier : null,
    upgradeUrl:
      // Only a path of this app: the link is followed in the browser.
      typeof reply.upgradeUrl === "string" && reply.upgradeUrl.startsWith("/")
        ? reply.upgradeUrl
        : null,
    reason: reply.reason,
  };
}

function errorFromReply(status: number, body: unknown, fallback: DefaultError | null): ApiError {
  const reply: ErrorBody = isRecord(body) ? body : {};
  const error = isRecord(reply.error) ? reply.error : {};
  return new ApiError(
    status,
    typeof error.code === "string" ? error.code : "http_error",
    typeof error.message === "string" && error.message !== ""
      ? error.message
      : DEFAULT_ERRORS[fallback ?? "request"],
    fieldsOf(error.fields, error.fieldCodes),
    typeof reply.retryAfter === "number" ? reply.retryAfter : null,
    upgradeOf(reply),
    isRecord(error.params) ? error.params : {},
    fallback,
  );
}

function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function sendOnce<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const fallback = options.fallback ?? null;
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  // No Content-Type without a body: the server refuses an empty JSON body.
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const url = checkedUrl(path);
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const started = performance.now();
  const completed = (status: number) =>
    requestObserver.completed({ method, path, status, durationMs: performance.now() - started });
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // The refresh cookie (httpOnly, path /api/auth) travels on same-origin calls only.
      credentials: "same-origin",
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    completed(0);
    if (timeout.aborted) throw new ApiError(0, "timeout", DEFAULT_ERRORS.timeout);
    throw noReplyError(options.fallback);
  }
  completed(response.status);
  const body = parseBody(await response.text().catch(() => ""));
  const error = response.ok ? null : errorFromReply(response.status, body, fallback);
  reportUpgradeSignals(method, response.headers.get(SOFT_HINT_HEADER), error);
  if (error !== null) throw error;
  return (body ?? undefined) as T;
}

/** Runs a call; a 401 gets one refresh and one retry, and a second 401 (or a failed refresh) ends the session. */
async function withSessionRetry<T>(
  path: string,
  handleUnauthorized: boolean | undefined,
  once: () => Promise<T>,
): Promise<T> {
  try {
    return await once();
  } catch (error) {
    const handle = handleUnauthorized ?? !isCredentialCall(path);
    // An admin suspended the account: no refresh can cure it, the session is over.
    if (error instanceof ApiError && error.code === ACCOUNT_SUSPENDED_CODE && handle) {
      handlers.sessionLost();
      throw error;
    }
    if (!(error instanceof ApiError) || error.status !== 401 || !handle) throw error;
    if (await handlers.refresh()) {
      try {
        return await once();
      } catch (retryError) {
        if (retryError instanceof ApiError && retryError.status === 401) handlers.sessionLost();
        throw retryError;
      }
    }
    handlers.sessionLost();
    throw error;
  }
}

function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  return withSessionRetry(path, options.handleUnauthorized, () =>
    sendOnce<T>(method, path, options),
  );
}

/** Identical GETs in flight at the same time share one request (docs/product.md §7). */
const inflight = new Map<string, Promise<unknown>>();

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

export function apiGet<T>(
  path: string,
  signalOrOptions?: AbortSignal | Omit<RequestOptions, "body">,
): Promise<T> {
  const options: RequestOptions =
    signalOrOptions instanceof AbortSignal ? { signal: signalOrOptions } : (signalOrOptions ?? {});
  const key = `${path}\n${readStorage(STORAGE_KEYS.token) ?? ""}\n${options.handleUnauthorized !== false}`;
  let shared = inflight.get(key) as Promise<T> | undefined;
  if (!shared) {
    // The shared request is not tied to one caller's signal: each caller stops waiting on its own.
    shared = send<T>("GET", path, { ...options, signal: undefined });
    inflight.set(key, shared);
    const forget = () => inflight.delete(key);
    shared.then(forget, forget);
  }
  return untilAborted(shared, options.signal);
}

export function apiPost<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return send<T>("POST", path, { ...options, body });
}

export function apiPatch<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return send<T>("PATCH", path, { ...options, body });
}

export function apiPut<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return send<T>("PUT", path, { ...options, body });
}

export function apiDelete<T = void>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>("DELETE", path, options);
}

export interface UploadOptions {
  /** The multipart field name; the server reads `file`. */
  field?: string;
  signal?: AbortSignal;
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
}

/** One multipart upload over XMLHttpRequest: fetch reports no upload progress. */
function uploadOnce<T>(path: string, file: File, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let url: string;
    try {
      url = checkedUrl(path);
    } catch (error) {
      reject(error);
      return;
    }
    const started = performance.now();
    const completed = (status: number) =>
      requestObserver.completed({
        method: "POST",
        path,
        status,
        durationMs: performance.now() - started,
      });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    const token = readStorage(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      completed(xhr.status);
      const body = parseBody(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      const error = ok ? null : errorFromReply(xhr.status, body, null);
      reportUpgradeSignals("POST", xhr.getResponseHeader(SOFT_HINT_HEADER), error);
      if (error !== null) reject(error);
      else resolve((body ?? undefined) as T);
    };
    xhr.onerror = () => reject(noReplyError());
    xhr.ontimeout = () => reject(new ApiError(0, "timeout", DEFAULT_ERRORS.timeout));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException("The upload was cancelled", "AbortError"));
        return;
      }
      options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append(options.field ?? "file", file, file.name);
    xhr.send(form);
  });
}

/** POST a file as multipart form data, with progress, typed errors and the same 401 handling as every call. */
export function apiUpload<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  return withSessionRetry(path, undefined, () => uploadOnce<T>(path, file, options));
}

/**
 * A raw fetch for the calls that do not read JSON (downloads, streams): the bearer token, the observer's record
 * (status 0 when no reply came) and a refusal turned into the typed error, its upgrade signals reported.
 */
async function fetchRaw(
  method: "GET" | "POST",
  path: string,
  init: { headers?: Record<string, string>; body?: string },
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = checkedUrl(path);
  const started = performance.now();
  let response: Response;
  try {
    // No timeout: a streamed answer may run for as long as the plan allows; the caller's signal stops it.
    response = await fetch(url, {
      method,
      headers,
      body: init.body,
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    requestObserver.completed({ method, path, status: 0, durationMs: 0 });
    throw noReplyError();
  }
  requestObserver.completed({
    method,
    path,
    status: response.status,
    durationMs: performance.now() - started,
  });
  const error = response.ok
    ? null
    : errorFromReply(response.status, parseBody(await response.text().catch(() => "")), null);
  reportUpgradeSignals(method, response.headers.get(SOFT_HINT_HEADER), error);
  if (error !== null) throw error;
  return response;
}

/** GET a file's bytes (the bearer token rules out a plain link), with the same 401 handling as every call. */
export function apiDownload(path: string, signal?: AbortSignal): Promise<Blob> {
  return withSessionRetry(path, undefined, async () =>
    (await fetchRaw("GET", path, {}, signal)).blob(),
  );
}

/**
 * POST a JSON body asking for server-sent events and hand back the open response (lib/sse-stream.ts reads it).
 * Refusals come before the stream as ordinary JSON errors: typed, upgrade prompts reported, 401 refreshed once.
 */
export function apiOpenStream(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  return withSessionRetry(path, undefined, () =>
    fetchRaw(
      "POST",
      path,
      {
        headers: { Accept: "text/event-stream", "Content-Type": "application/json" },
        body: JSON.stringify(body),
      },
      signal,
    ),
  );
}
