// Whether the app can reach its server (docs/product.md §2, §8 offline banner): the browser's online/offline events, checked
// against a real request to /api/health — a failed call there (or any API call failing without a reply) means offline.
import { onlineManager } from "@tanstack/react-query";
import { create } from "zustand";
import { apiUrl } from "./api-client";

/** While offline, the server is tried again this often. */
export const RECHECK_OFFLINE_MS = 15_000;
const PROBE_TIMEOUT_MS = 5_000;

interface ConnectivityState {
  online: boolean;
}

export const useConnectivity = create<ConnectivityState>()(() => ({
  online: typeof navigator === "undefined" || navigator.onLine !== false,
}));

let recheck: ReturnType<typeof setTimeout> | null = null;
let probing: Promise<boolean> | null = null;
/** Bumped by a reset: a probe started before it cannot change the state after it. */
let generation = 0;

function setOnline(online: boolean): void {
  if (useConnectivity.getState().online !== online) useConnectivity.setState({ online });
  if (recheck !== null) {
    clearTimeout(recheck);
    recheck = null;
  }
  if (!online) recheck = setTimeout(() => void probeConnectivity(), RECHECK_OFFLINE_MS);
}

/** GET /api/health: any reply means the network is up (a 503 is the server's trouble, not the connection's). */
export function probeConnectivity(): Promise<boolean> {
  const started = generation;
  probing ??= fetch(apiUrl("/health"), {
    cache: "no-store",
    credentials: "omit",
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
    .then(
      () => true,
      () => false,
    )
    .then((online) => {
      if (started !== generation) return online;
      probing = null;
      // The browser knows for certain when it is offline; a reply cannot arrive then anyway.
      setOnline(online && navigator.onLine !== false);
      return online;
    });
  return probing;
}

/**
 * Back to "online, nothing pending" — for tests, which share this module: a request left over from one test fails when
 * its server closes, and its probe (against whatever server the next test starts) must not pause the next test's queries.
 */
export function resetConnectivityForTests(): void {
  generation += 1;
  probing = null;
  setOnline(true);
}

let installed = false;

export function installConnectivityWatch(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("offline", () => setOnline(false));
  window.addEventListener("online", () => void probeConnectivity());
  if (navigator.onLine === false) setOnline(false);
}

/** An API call got no reply: check whether the connection is gone. */
export function noteFailedRequest(): void {
  if (useConnectivity.getState().online) void probeConnectivity();
}

/** Whether the server can be reached now: screens and buttons that need the network ask this. */
export function useOnline(): boolean {
  return useConnectivity((state) => state.online);
}

/**
 * TanStack Query follows this store instead of its own online/offline listeners (which assume "online" at start, so an
 * offline reload would fail every query): offline, fetches pause and screens keep their data; back online, they resume.
 */
export function connectQueriesToConnectivity(): void {
  installConnectivityWatch();
  onlineManager.setEventListener((setOnline) => {
    setOnline(useConnectivity.getState().online);
    return useConnectivity.subscribe((state) => setOnline(state.online));
  });
}
