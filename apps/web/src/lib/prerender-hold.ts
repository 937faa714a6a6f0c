// A screen whose pre-rendered copy shows data (the tier chooser's cards) keeps the copy on screen while it shows its
// loader instead, so the app replaces the copy with the same cards rather than with a loader and then the cards
// (docs/decisions/173). The swap itself is app/prerender-handoff.ts's; screens only hold it here.

let holds = 0;
let onReleased: (() => void) | null = null;

/**
 * Holds the swap until the returned function is called. Call it from a layout effect, so that letting go happens in
 * the commit that shows the content, before the next paint. Harmless when the page was not pre-rendered.
 */
export function holdPrerenderedCopy(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds > 0 || onReleased === null) return;
    const run = onReleased;
    onReleased = null;
    run();
  };
}

/** Runs `swap` now, or when the last hold is let go; true when it had to wait. */
export function afterPrerenderedCopyHolds(swap: () => void): boolean {
  if (holds === 0) return false;
  onReleased = swap;
  return true;
}
