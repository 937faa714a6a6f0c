// Copying a text to the clipboard from a button, and whether it worked: a browser may refuse (no permission, an
// insecure page), and the screen then says so rather than claim it was copied.
import { useState } from "react";

export type CopyState = "idle" | "copied" | "failed";

/** The last copy's outcome ("idle" before any) and the copy itself, of the text as it is when pressed. */
export function useCopy(text: string): [CopyState, () => Promise<void>] {
  const [state, setState] = useState<CopyState>("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return [state, copy];
}
