// The desktop layout's rules: the shared schema, moves, swaps, resizes within the grid, and the keyboard mapping.
import { describe, expect, it } from "vitest";
import {
  addPanel,
  applyLayoutKey,
  DEFAULT_LAYOUT,
  DesktopLayout,
  layoutKeyAction,
  missingPanels,
  movePanel,
  removePanel,
  resizePanel,
  swapPanels,
} from "./layout.js";

const kinds = (layout: DesktopLayout) => layout.panels.map((panel) => panel.kind);
const key = (k: string, altKey = true, shiftKey = false) => ({ key: k, altKey, shiftKey });

describe("the desktop layout", () => {
  it("accepts the default and refuses duplicates, unknown panels and spans outside the grid", () => {
    expect(DesktopLayout.safeParse(DEFAULT_LAYOUT).success).toBe(true);
    const duplicate = {
      version: 1,
      panels: [
        { kind: "chat", colSpan: 1, rowSpan: 1 },
        { kind: "chat", colSpan: 1, rowSpan: 1 },
      ],
    };
    expect(DesktopLayout.safeParse(duplicate).success).toBe(false);
    expect(
      DesktopLayout.safeParse({ version: 1, panels: [{ kind: "x", colSpan: 1, rowSpan: 1 }] })
        .success,
    ).toBe(false);
    expect(
      DesktopLayout.safeParse({ version: 1, panels: [{ kind: "chat", colSpan: 5, rowSpan: 1 }] })
        .success,
    ).toBe(false);
    expect(
      DesktopLayout.safeParse({ version: 1, panels: [{ kind: "chat", colSpan: 1, rowSpan: 0 }] })
        .success,
    ).toBe(false);
  });

  it("moves, swaps, resizes within bounds, adds and removes panels", () => {
    expect(kinds(movePanel(DEFAULT_LAYOUT, "dashboard", 1))).toEqual([
      "chat",
      "dashboard",
      "signals",
      "monitoring",
    ]);
    expect(movePanel(DEFAULT_LAYOUT, "dashboard", -1)).toBe(DEFAULT_LAYOUT);
    expect(kinds(movePanel(DEFAULT_LAYOUT, "chat", 10)).at(-1)).toBe("chat");
    expect(kinds(swapPanels(DEFAULT_LAYOUT, "dashboard", "monitoring"))).toEqual([
      "monitoring",
      "chat",
      "signals",
      "dashboard",
    ]);
    const wide = resizePanel(DEFAULT_LAYOUT, "chat", { columns: 5, rows: 5 });
    expect(wide.panels[1]).toEqual({ kind: "chat", colSpan: 4, rowSpan: 3 });
    const narrow = resizePanel(DEFAULT_LAYOUT, "chat", { columns: -5, rows: -5 });
    expect(narrow.panels[1]).toEqual({ kind: "chat", colSpan: 1, rowSpan: 1 });
    const without = removePanel(DEFAULT_LAYOUT, "signals");
    expect(missingPanels(without)).toEqual(["signals"]);
    expect(kinds(addPanel(without, "signals")).at(-1)).toBe("signals");
    expect(addPanel(DEFAULT_LAYOUT, "chat")).toBe(DEFAULT_LAYOUT);
  });

  it("maps Alt+Arrow to moves and Alt+Shift+Arrow to resizes, mirrored in right-to-left", () => {
    expect(layoutKeyAction(key("ArrowRight"), "ltr")).toEqual({ type: "move", delta: 1 });
    expect(layoutKeyAction(key("ArrowRight"), "rtl")).toEqual({ type: "move", delta: -1 });
    expect(layoutKeyAction(key("ArrowLeft"), "rtl")).toEqual({ type: "move", delta: 1 });
    expect(layoutKeyAction(key("ArrowDown"), "ltr", 2)).toEqual({ type: "move", delta: 2 });
    expect(layoutKeyAction(key("ArrowRight", true, true), "ltr")).toEqual({
      type: "resize",
      columns: 1,
      rows: 0,
    });
    expect(layoutKeyAction(key("ArrowUp", true, true), "ltr")).toEqual({
      type: "resize",
      columns: 0,
      rows: -1,
    });
    expect(layoutKeyAction(key("ArrowRight", false), "ltr")).toBeNull();
    expect(layoutKeyAction({ ...key("ArrowRight"), ctrlKey: true }, "ltr")).toBeNull();
    expect(layoutKeyAction(key("a"), "ltr")).toBeNull();
    const moved = applyLayoutKey(DEFAULT_LAYOUT, "signals", { type: "move", delta: -2 });
    expect(kinds(moved)[0]).toBe("signals");
  });
});
