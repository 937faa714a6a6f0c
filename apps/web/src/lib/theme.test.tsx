// Theme preference: cycle order, system resolution, the dark class on <html> and the provider guard.
import { act, render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ThemeProvider, useTheme } from "./theme";
import { nextThemePreference, resolveTheme } from "./theme-preference";

function Probe() {
  const { preference, resolved, cycle } = useTheme();
  return (
    <button type="button" onClick={cycle}>
      {`${preference}:${resolved}`}
    </button>
  );
}

describe("theme", () => {
  it("cycles light → dark → system → light", () => {
    expect(nextThemePreference("light")).toBe("dark");
    expect(nextThemePreference("dark")).toBe("system");
    expect(nextThemePreference("system")).toBe("light");
  });

  it("resolves system from the operating system's preference", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
  });

  it("defaults to system, stores each choice under aacos-theme and sets the dark class", () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    const button = screen.getByRole("button");
    // jsdom has no matchMedia: system resolves to light.
    expect(button).toHaveTextContent("system:light");
    act(() => button.click());
    expect(button).toHaveTextContent("light:light");
    expect(window.localStorage.getItem("aacos-theme")).toBe("light");
    expect(document.documentElement).not.toHaveClass("dark");
    act(() => button.click());
    expect(button).toHaveTextContent("dark:dark");
    expect(window.localStorage.getItem("aacos-theme")).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
    act(() => button.click());
    expect(button).toHaveTextContent("system:light");
    expect(document.documentElement).not.toHaveClass("dark");
  });

  it("reads the stored preference", () => {
    window.localStorage.setItem("aacos-theme", "dark");
    const { result } = renderHook(() => useTheme(), { wrapper: ThemeProvider });
    expect(result.current.preference).toBe("dark");
  });

  it("throws outside a ThemeProvider", () => {
    expect(() => renderHook(() => useTheme())).toThrow(
      "useTheme must be used within a ThemeProvider",
    );
  });
});
