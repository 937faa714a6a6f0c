// The command palette (routes the user may open, keyboard-driven) and the shell's keyboard shortcuts.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useAccessibilityStore } from "../lib/accessibility-settings";
import type { AuthUser } from "../lib/auth-store";
import { resetAuthStore, useAuthStore } from "../lib/auth-store";
import { applyLanguage } from "../lib/i18n";
import { testUser } from "../test-fixtures";
import { testQueryClient } from "../test-utils";
import { CommandPalette } from "./command-palette";
import { filterPaletteItems, paletteRoutesFor } from "./palette-items";
import { Providers } from "./providers";
import { useShellStore } from "./shell-store";
import { useGlobalShortcuts } from "./use-global-shortcuts";

function user(roles: AuthUser["roles"], permissions: AuthUser["permissions"] = []): AuthUser {
  return testUser({ roles, permissions });
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function Shell() {
  useGlobalShortcuts();
  return (
    <>
      <button type="button">before</button>
      <CommandPalette />
      <Location />
    </>
  );
}

function renderShell() {
  return render(
    <Providers queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={["/tiers"]}>
        <Shell />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  applyLanguage("en");
  resetAuthStore();
  useShellStore.setState({ paletteOpen: false, accessibilityOpen: false });
});
afterEach(() => {
  applyLanguage("he");
  useAccessibilityStore.getState().reset();
});

describe("palette routes", () => {
  it("lists only the routes the user may open", () => {
    const paths = (principal: AuthUser | null) =>
      paletteRoutesFor(principal, "desktop").map(({ route }) => route);
    expect(paths(null)).toContain("/auth/login");
    expect(paths(null)).not.toContain("/dashboard");
    expect(paths(user(["user"]))).toEqual(expect.arrayContaining(["/dashboard", "/chat"]));
    expect(paths(user(["user"]))).not.toContain("/admin");
    expect(paths(user(["user"]))).not.toContain("/auth/login");
    expect(paths(user(["user"]))).not.toContain("/entity-orchestration");
    expect(paths(user(["operator"]))).toContain("/entity-orchestration");
    expect(paths(user(["admin"], ["admin.access", "analytics.view", "settings.manage"]))).toEqual(
      expect.arrayContaining(["/admin", "/admin/analytics", "/admin/settings"]),
    );
    expect(paletteRoutesFor(user(["user"]), "tablet").map(({ route }) => route)).not.toContain(
      "/desktop",
    );
  });

  it("matches every typed word in the label, the path or the keywords", () => {
    const items = [
      { id: "a", kind: "page" as const, label: "Smart alerts", detail: "/alerts", run: () => {} },
      {
        id: "b",
        kind: "page" as const,
        label: "Signal hub",
        detail: "/signals",
        keywords: "אותות",
        run: () => {},
      },
    ];
    expect(filterPaletteItems(items, "ALERT").map((item) => item.id)).toEqual(["a"]);
    expect(filterPaletteItems(items, "hub sig").map((item) => item.id)).toEqual(["b"]);
    expect(filterPaletteItems(items, "אותות").map((item) => item.id)).toEqual(["b"]);
    expect(filterPaletteItems(items, "  ")).toHaveLength(2);
  });
});

describe("command palette", () => {
  it("opens with Ctrl+K, filters by what is typed, moves with arrows and opens with Enter", () => {
    renderShell();
    const before = screen.getByRole("button", { name: "before" });
    before.focus();
    fireEvent.keyDown(window, { key: "k", code: "KeyK", ctrlKey: true });
    const input = screen.getByRole("combobox", { name: "Search pages and actions" });
    expect(input).toHaveFocus();
    const listbox = screen.getByRole("listbox");
    // A visitor sees no signed-in pages.
    expect(within(listbox).queryByText("Dashboard")).toBeNull();

    fireEvent.change(input, { target: { value: "s" } });
    const options = within(listbox).getAllByRole("option");
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input).toHaveAttribute("aria-activedescendant", options[1]?.id);
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    // Wraps to the last option.
    expect(input).toHaveAttribute("aria-activedescendant", options.at(-1)?.id);

    fireEvent.change(input, { target: { value: "showcase" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByTestId("location")).toHaveTextContent("/showcase");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(before).toHaveFocus();
  });

  it("shows a signed-in user's pages and the sign-out action; Escape closes and returns focus", () => {
    useAuthStore.setState({ user: user(["user"]), isAuthenticated: true, status: "ready" });
    renderShell();
    const before = screen.getByRole("button", { name: "before" });
    before.focus();
    fireEvent.keyDown(window, { key: "k", code: "KeyK", metaKey: true });
    const listbox = screen.getByRole("listbox");
    expect(within(listbox).getByText("Dashboard")).toBeInTheDocument();
    expect(within(listbox).getByText("Sign out")).toBeInTheDocument();
    expect(within(listbox).queryByText("Admin dashboard")).toBeNull();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "zzz" } });
    expect(screen.getByTestId("command-palette-empty")).toHaveTextContent("Nothing matches");
    fireEvent.keyDown(screen.getByRole("combobox"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(before).toHaveFocus();
  });
});

describe("shortcuts", () => {
  it("Alt+1, Alt+2 and Alt+3 go to /, /desktop and /admin; Alt+A opens the accessibility panel", () => {
    renderShell();
    fireEvent.keyDown(window, { key: "¡", code: "Digit1", altKey: true });
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
    fireEvent.keyDown(window, { key: "™", code: "Digit2", altKey: true });
    expect(screen.getByTestId("location")).toHaveTextContent("/desktop");
    fireEvent.keyDown(window, { key: "£", code: "Digit3", altKey: true });
    expect(screen.getByTestId("location")).toHaveTextContent("/admin");
    fireEvent.keyDown(window, { key: "ש", code: "KeyA", altKey: true });
    expect(useShellStore.getState().accessibilityOpen).toBe(true);
  });

  it("turning keyboard navigation off turns the palette and Alt+digit shortcuts off", () => {
    useAccessibilityStore.getState().update({ keyboardNavigation: false });
    renderShell();
    fireEvent.keyDown(window, { key: "k", code: "KeyK", ctrlKey: true });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(window, { key: "3", code: "Digit3", altKey: true });
    expect(screen.getByTestId("location")).toHaveTextContent("/tiers");
  });
});
