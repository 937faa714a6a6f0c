// Theme preference rules (docs/product.md §3, §4): light, dark or system (default), cycled light → dark → system → light.
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = "light" | "dark";

export const DEFAULT_THEME: ThemePreference = "system";

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === "light" || value === "dark" || value === "system";
}

export function nextThemePreference(current: ThemePreference): ThemePreference {
  if (current === "light") return "dark";
  if (current === "dark") return "system";
  return "light";
}

export function resolveTheme(
  preference: ThemePreference,
  systemPrefersDark: boolean,
): ResolvedTheme {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

export function storedThemePreference(): ThemePreference {
  const value = readStorage(STORAGE_KEYS.theme);
  return isThemePreference(value) ? value : DEFAULT_THEME;
}

export function storeThemePreference(preference: ThemePreference): void {
  writeStorage(STORAGE_KEYS.theme, preference);
}

/** Puts the resolved theme on <html>: the dark class drives the palette's CSS variables. */
export function applyResolvedTheme(theme: ResolvedTheme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
}
