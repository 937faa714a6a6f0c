// The shell's keyboard shortcuts (docs/product.md §2): Ctrl/Cmd+K the command palette, Alt+1 /, Alt+2 /desktop, Alt+3 /admin,
// Alt+A the accessibility panel. Matched on the physical key (event.code), so they work in the Hebrew layout and with
// macOS's Option characters. Turning "keyboard navigation" off in the accessibility panel turns off all but Alt+A.
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useAccessibilityStore } from "../lib/accessibility-settings";
import { useShellStore } from "./shell-store";

export const ALT_ROUTES: Readonly<Record<string, string>> = {
  Digit1: "/",
  Digit2: "/desktop",
  Digit3: "/admin",
};

export function useGlobalShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const shell = useShellStore.getState();
      const keyboard = useAccessibilityStore.getState().settings.keyboardNavigation;
      const onlyAlt = event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
      if (onlyAlt && event.code === "KeyA") {
        event.preventDefault();
        shell.setAccessibilityOpen(!shell.accessibilityOpen);
        return;
      }
      if (!keyboard) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.code === "KeyK") {
        event.preventDefault();
        shell.setPaletteOpen(!shell.paletteOpen);
        return;
      }
      const target = onlyAlt ? ALT_ROUTES[event.code] : undefined;
      if (target !== undefined) {
        event.preventDefault();
        shell.setPaletteOpen(false);
        shell.setAccessibilityOpen(false);
        void navigate(target);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [navigate]);
}
