// docs/product.md §3 accessibility settings: defaults, stored under accessibility-settings, the OS's reduced-motion and
// high-contrast wishes taken on first load, and applied to <html> as classes and a font-scale variable.
import { create } from "zustand";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

export const COLOR_BLIND_MODES = ["none", "protanopia", "deuteranopia", "tritanopia"] as const;
export type ColorBlindMode = (typeof COLOR_BLIND_MODES)[number];

export interface AccessibilitySettings {
  highContrast: boolean;
  largeText: boolean;
  reducedMotion: boolean;
  screenReader: boolean;
  keyboardNavigation: boolean;
  soundEnabled: boolean;
  focusVisible: boolean;
  colorBlindMode: ColorBlindMode;
  /** Percent, 50 to 200 in steps of 10. */
  fontSize: number;
  zoomLevel: number;
}

export const DEFAULT_ACCESSIBILITY_SETTINGS: AccessibilitySettings = {
  highContrast: false,
  largeText: false,
  reducedMotion: false,
  screenReader: false,
  keyboardNavigation: true,
  soundEnabled: true,
  focusVisible: true,
  colorBlindMode: "none",
  fontSize: 100,
  zoomLevel: 100,
};

export const FONT_SIZE_RANGE = { min: 50, max: 200, step: 10 } as const;
/** "Large text" on top of the font size slider. */
export const LARGE_TEXT_FACTOR = 1.25;

export type BooleanSetting = {
  [K in keyof AccessibilitySettings]: AccessibilitySettings[K] extends boolean ? K : never;
}[keyof AccessibilitySettings];

export function clampFontSize(value: number): number {
  const { min, max, step } = FONT_SIZE_RANGE;
  if (!Number.isFinite(value)) return DEFAULT_ACCESSIBILITY_SETTINGS.fontSize;
  return Math.min(max, Math.max(min, Math.round(value / step) * step));
}

/** Stored settings over the defaults; anything malformed falls back to its default. */
export function parseSettings(text: string | null): AccessibilitySettings | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const stored = value as Record<string, unknown>;
  const settings = { ...DEFAULT_ACCESSIBILITY_SETTINGS };
  for (const name of Object.keys(settings) as (keyof AccessibilitySettings)[]) {
    const item = stored[name];
    if (typeof DEFAULT_ACCESSIBILITY_SETTINGS[name] === "boolean" && typeof item === "boolean") {
      (settings as Record<string, unknown>)[name] = item;
    }
  }
  if (COLOR_BLIND_MODES.includes(stored.colorBlindMode as ColorBlindMode)) {
    settings.colorBlindMode = stored.colorBlindMode as ColorBlindMode;
  }
  if (typeof stored.fontSize === "number") settings.fontSize = clampFontSize(stored.fontSize);
  if (typeof stored.zoomLevel === "number") settings.zoomLevel = stored.zoomLevel;
  return settings;
}

function prefers(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/** The stored settings, or — on first load — the defaults with the OS's reduced-motion and contrast wishes. */
export function initialSettings(): AccessibilitySettings {
  const stored = parseSettings(readStorage(STORAGE_KEYS.accessibilitySettings));
  if (stored !== null) return stored;
  return {
    ...DEFAULT_ACCESSIBILITY_SETTINGS,
    highContrast: prefers("(prefers-contrast: more)"),
    reducedMotion: prefers("(prefers-reduced-motion: reduce)"),
  };
}

const CLASSES: Record<Exclude<BooleanSetting, "screenReader">, string> = {
  highContrast: "a11y-high-contrast",
  largeText: "a11y-large-text",
  reducedMotion: "a11y-reduce-motion",
  focusVisible: "a11y-focus-visible",
  keyboardNavigation: "a11y-keyboard-navigation",
  soundEnabled: "a11y-sound",
};

/** Puts the settings on <html>: one class per switch, data-color-blind, and --a11y-font-scale for the root size. */
export function applyAccessibilitySettings(
  settings: AccessibilitySettings,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, className] of Object.entries(CLASSES)) {
    root.classList.toggle(className, settings[name as keyof typeof CLASSES]);
  }
  if (settings.colorBlindMode === "none") delete root.dataset.colorBlind;
  else root.dataset.colorBlind = settings.colorBlindMode;
  const scale = (settings.fontSize / 100) * (settings.largeText ? LARGE_TEXT_FACTOR : 1);
  // A CSSOM custom property, which the CSP allows (it forbids style attributes in markup, not script-set styles). The
  // default scale is the stylesheet's fallback, so it is no property at all; and an unchanged one is not written again:
  // an inherited custom property written on <html> restyles the whole page, which at start-up was a long task of its
  // own (docs/decisions/271).
  const value = scale === 1 ? "" : String(scale);
  if (root.style.getPropertyValue("--a11y-font-scale") === value) return;
  if (value === "") root.style.removeProperty("--a11y-font-scale");
  else root.style.setProperty("--a11y-font-scale", value);
}

export interface AccessibilityState {
  settings: AccessibilitySettings;
  update: (changes: Partial<AccessibilitySettings>) => void;
  reset: () => void;
}

function commit(settings: AccessibilitySettings): AccessibilitySettings {
  writeStorage(STORAGE_KEYS.accessibilitySettings, JSON.stringify(settings));
  applyAccessibilitySettings(settings);
  return settings;
}

export const useAccessibilityStore = create<AccessibilityState>()((set, get) => ({
  settings: initialSettings(),
  update: (changes) => {
    const next = { ...get().settings, ...changes };
    next.fontSize = clampFontSize(next.fontSize);
    set({ settings: commit(next) });
  },
  reset: () => set({ settings: commit({ ...DEFAULT_ACCESSIBILITY_SETTINGS }) }),
}));

/** Applies the settings at start-up (core services step). */
export function applyStoredAccessibilitySettings(): void {
  applyAccessibilitySettings(useAccessibilityStore.getState().settings);
}
