// Accessibility settings: docs/product.md §3's defaults, applied to <html>, stored under accessibility-settings.
import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_ACCESSIBILITY_SETTINGS,
  parseSettings,
  useAccessibilityStore,
} from "./accessibility-settings";

const root = document.documentElement;

/** docs/product.md §3's table: each setting and its default. */
const PRODUCT_DEFAULTS = [
  ["highContrast", false],
  ["largeText", false],
  ["reducedMotion", false],
  ["screenReader", false],
  ["keyboardNavigation", true],
  ["soundEnabled", true],
  ["focusVisible", true],
  ["colorBlindMode", "none"],
  ["fontSize", 100],
  ["zoomLevel", 100],
] as const;

afterEach(() => useAccessibilityStore.getState().reset());

describe("accessibility settings", () => {
  it("has docs/product.md §3's defaults", () => {
    expect(DEFAULT_ACCESSIBILITY_SETTINGS).toEqual(Object.fromEntries(PRODUCT_DEFAULTS));
  });

  it("applies each setting to <html> and stores it", () => {
    const { update } = useAccessibilityStore.getState();
    update({
      highContrast: true,
      reducedMotion: true,
      colorBlindMode: "protanopia",
      fontSize: 150,
    });
    expect(root).toHaveClass("a11y-high-contrast", "a11y-reduce-motion", "a11y-focus-visible");
    expect(root.dataset.colorBlind).toBe("protanopia");
    expect(root.style.getPropertyValue("--a11y-font-scale")).toBe("1.5");
    update({ largeText: true });
    expect(root.style.getPropertyValue("--a11y-font-scale")).toBe("1.875");
    const stored = JSON.parse(localStorage.getItem("accessibility-settings") ?? "{}");
    expect(stored).toMatchObject({ highContrast: true, largeText: true, fontSize: 150 });
  });

  it("keeps the font size within 50 to 200 in steps of 10, and resets", () => {
    const { update, reset } = useAccessibilityStore.getState();
    update({ fontSize: 333 });
    expect(useAccessibilityStore.getState().settings.fontSize).toBe(200);
    update({ fontSize: 47 });
    expect(useAccessibilityStore.getState().settings.fontSize).toBe(50);
    update({ fontSize: 124 });
    expect(useAccessibilityStore.getState().settings.fontSize).toBe(120);
    reset();
    expect(useAccessibilityStore.getState().settings).toEqual(DEFAULT_ACCESSIBILITY_SETTINGS);
    expect(root).not.toHaveClass("a11y-high-contrast");
    expect(root.dataset.colorBlind).toBeUndefined();
    // The default size is the stylesheet's own: nothing is left on <html>.
    expect(root.style.getPropertyValue("--a11y-font-scale")).toBe("");
  });

  it("reads stored settings over the defaults and ignores malformed values", () => {
    expect(parseSettings('{"highContrast":true,"fontSize":"big","colorBlindMode":"x"}')).toEqual({
      ...DEFAULT_ACCESSIBILITY_SETTINGS,
      highContrast: true,
    });
    expect(parseSettings("not json")).toBeNull();
  });
});
