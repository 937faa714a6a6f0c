// Which shell overlays are open (command palette, accessibility panel): set by shortcuts, buttons and palette actions.
import { create } from "zustand";

interface ShellState {
  paletteOpen: boolean;
  accessibilityOpen: boolean;
  setPaletteOpen: (open: boolean) => void;
  setAccessibilityOpen: (open: boolean) => void;
}

export const useShellStore = create<ShellState>()((set) => ({
  paletteOpen: false,
  accessibilityOpen: false,
  setPaletteOpen: (open) =>
    set(open ? { paletteOpen: true, accessibilityOpen: false } : { paletteOpen: false }),
  setAccessibilityOpen: (open) =>
    set(open ? { accessibilityOpen: true, paletteOpen: false } : { accessibilityOpen: false }),
}));
