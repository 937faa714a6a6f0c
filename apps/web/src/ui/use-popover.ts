// A header pop-over's open state: it closes on navigation, on Escape (focus back to its button) and on a pointer
// press outside its container. The user menu and the "All screens" menu share it; the narrow screens' menu shares
// its first two.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

/** A menu's open state: it closes on navigation, and on Escape (focus back to the button that opened it). */
export function useMenuState() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the location changes
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return { open, setOpen, buttonRef };
}

export function usePopover() {
  const { open, setOpen, buttonRef } = useMenuState();
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, setOpen]);

  return {
    open,
    close: () => setOpen(false),
    containerRef,
    /** Spread on the toggling button. */
    buttonProps: {
      ref: buttonRef,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((value) => !value),
    },
    panelId,
  };
}
