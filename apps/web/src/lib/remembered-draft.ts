// A text the user is still writing, kept in secure storage (encrypted, this tab only, gone on reload) so that leaving
// a screen and coming back finds it where it was.
import { useCallback, useEffect, useRef, useState } from "react";
import { getSecureItem, removeSecureItem, setSecureItem } from "./secure-storage";

/** A draft nobody came back to for a day is not worth keeping. */
const DRAFT_TTL_MS = 24 * 60 * 60_000;

type DraftUpdate = string | ((current: string) => string);

/** Like useState(""), but remembered under `name` across visits to the screen within the tab. */
export function useRememberedDraft(name: string): [string, (next: DraftUpdate) => void] {
  const [draft, setDraftState] = useState("");
  const edited = useRef(false);
  // Writes run one after another, so a slower earlier write never lands after a later one.
  const writes = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    let live = true;
    edited.current = false;
    void getSecureItem<string>(name).then((stored) => {
      // What the user typed meanwhile wins over what was remembered.
      if (live && !edited.current && typeof stored === "string") setDraftState(stored);
    });
    return () => {
      live = false;
    };
  }, [name]);

  useEffect(() => {
    if (!edited.current) return;
    writes.current = writes.current.then(() =>
      draft === ""
        ? removeSecureItem(name)
        : setSecureItem(name, draft, { ttlMs: DRAFT_TTL_MS }).catch(() => {
            // Blocked storage or crypto: the draft simply is not remembered.
          }),
    );
  }, [name, draft]);

  const setDraft = useCallback((next: DraftUpdate) => {
    edited.current = true;
    setDraftState(next);
  }, []);
  return [draft, setDraft];
}
