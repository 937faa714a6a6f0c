// GET requests main.tsx starts before the app core has arrived, so their round trip overlaps the core's download
// instead of following it (docs/decisions/200). The first caller takes the answer; it falls back to its own request
// when the early one failed. Only public, same-for-everyone data belongs here: no token travels with it.

const early = new Map<string, Promise<unknown>>();

/** Starts GET /api{path} now. */
export function fetchEarly(path: string): void {
  const answer = fetch(`/api${path}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  }).then((response) => {
    if (!response.ok) throw new Error(`GET /api${path} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  // Nobody may be waiting yet: a failure here is not unhandled, the taker falls back.
  answer.catch(() => {});
  early.set(path, answer);
}

/** The early answer for `path`, once (later calls ask the server again), or `fallback()` if there was none or it failed. */
export function takeEarly<T>(path: string, fallback: () => Promise<T>): Promise<T> {
  const answer = early.get(path) as Promise<T> | undefined;
  if (answer === undefined) return fallback();
  early.delete(path);
  return answer.catch(fallback);
}
