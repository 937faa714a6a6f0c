// The /desktop workspace layout: which panels show, in what order and at what size, and the moves that change it.
// Browser and server share the schema (GET/PUT /api/me/layout) and the rules, so a saved layout is always valid.

import { z } from "zod";
import { fieldIssue } from "./field-errors.js";

/** Panels the desktop workspace can show; each at most once. */
export const PANEL_KINDS = ["dashboard", "chat", "signals", "monitoring"] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

/** The grid has this many columns; a panel spans 1..GRID_COLUMNS of them and 1..MAX_ROW_SPAN rows. */
export const GRID_COLUMNS = 4;
export const MAX_ROW_SPAN = 3;

export const LayoutPanel = z.object({
  kind: z.enum(PANEL_KINDS, "Unknown panel"),
  colSpan: z
    .number("Must be a number")
    .int("Must be a whole number")
    .min(1, "At least 1 column")
    .max(GRID_COLUMNS, `At most ${GRID_COLUMNS} columns`),
  rowSpan: z
    .number("Must be a number")
    .int("Must be a whole number")
    .min(1, "At least 1 row")
    .max(MAX_ROW_SPAN, `At most ${MAX_ROW_SPAN} rows`),
});
export type LayoutPanel = z.infer<typeof LayoutPanel>;

/** The stored document. `panels` is in reading order (the grid flows them in). */
export const DesktopLayout = z.object({
  version: z.literal(1, "Unsupported layout version"),
  panels: z
    .array(LayoutPanel)
    .max(PANEL_KINDS.length, `At most ${PANEL_KINDS.length} panels`)
    .refine(
      (panels) => new Set(panels.map((panel) => panel.kind)).size === panels.length,
      fieldIssue("Each panel may appear once", "duplicate"),
    ),
});
export type DesktopLayout = z.infer<typeof DesktopLayout>;

export const DEFAULT_LAYOUT: DesktopLayout = {
  version: 1,
  panels: [
    { kind: "dashboard", colSpan: 2, rowSpan: 2 },
    { kind: "chat", colSpan: 2, rowSpan: 2 },
    { kind: "signals", colSpan: 2, rowSpan: 1 },
    { kind: "monitoring", colSpan: 2, rowSpan: 1 },
  ],
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Moves a panel `delta` places along the reading order (clamped at the ends). */
export function movePanel(layout: DesktopLayout, kind: PanelKind, delta: number): DesktopLayout {
  const from = layout.panels.findIndex((panel) => panel.kind === kind);
  if (from < 0) return layout;
  const to = clamp(from + delta, 0, layout.panels.length - 1);
  if (to === from) return layout;
  const panels = [...layout.panels];
  const [moved] = panels.splice(from, 1);
  if (moved === undefined) return layout;
  panels.splice(to, 0, moved);
  return { ...layout, panels };
}

/** Swaps two panels' places (dragging one panel's handle onto another). */
export function swapPanels(layout: DesktopLayout, a: PanelKind, b: PanelKind): DesktopLayout {
  const i = layout.panels.findIndex((panel) => panel.kind === a);
  const j = layout.panels.findIndex((panel) => panel.kind === b);
  if (i < 0 || j < 0 || i === j) return layout;
  const panels = [...layout.panels];
  const first = panels[i];
  const second = panels[j];
  if (first === undefined || second === undefined) return layout;
  panels[i] = second;
  panels[j] = first;
  return { ...layout, panels };
}

/** Grows or shrinks a panel by whole columns and rows, within the grid's bounds. */
export function resizePanel(
  layout: DesktopLayout,
  kind: PanelKind,
  change: { columns?: number; rows?: number },
): DesktopLayout {
  let changed = false;
  const panels = layout.panels.map((panel) => {
    if (panel.kind !== kind) return panel;
    const colSpan = clamp(panel.colSpan + (change.columns ?? 0), 1, GRID_COLUMNS);
    const rowSpan = clamp(panel.rowSpan + (change.rows ?? 0), 1, MAX_ROW_SPAN);
    if (colSpan === panel.colSpan && rowSpan === panel.rowSpan) return panel;
    changed = true;
    return { ...panel, colSpan, rowSpan };
  });
  return changed ? { ...layout, panels } : layout;
}

/** Adds a missing panel at the end, half the grid wide. */
export function addPanel(layout: DesktopLayout, kind: PanelKind): DesktopLayout {
  if (layout.panels.some((panel) => panel.kind === kind)) return layout;
  return {
    ...layout,
    panels: [...layout.panels, { kind, colSpan: GRID_COLUMNS / 2, rowSpan: 1 }],
  };
}

export function removePanel(layout: DesktopLayout, kind: PanelKind): DesktopLayout {
  const panels = layout.panels.filter((panel) => panel.kind !== kind);
  return panels.length === layout.panels.length ? layout : { ...layout, panels };
}

/** Panels the layout does not show yet (what "add panel" offers). */
export function missingPanels(layout: DesktopLayout): PanelKind[] {
  return PANEL_KINDS.filter((kind) => !layout.panels.some((panel) => panel.kind === kind));
}

export type LayoutKeyAction =
  | { type: "move"; delta: number }
  | { type: "resize"; columns: number; rows: number };

/**
 * Keyboard arrangement on a focused panel: Alt+Arrow moves it, Alt+Shift+Arrow resizes it. Left and right follow
 * the screen (in right-to-left text "forward" is to the left); up and down move a whole row of `columns` panels
 * or change the height. Anything else is null.
 */
export function layoutKeyAction(
  key: { key: string; altKey: boolean; shiftKey: boolean; ctrlKey?: boolean; metaKey?: boolean },
  direction: "ltr" | "rtl",
  perRow = 2,
): LayoutKeyAction | null {
  if (!key.altKey || key.ctrlKey || key.metaKey) return null;
  const forward = direction === "rtl" ? "ArrowLeft" : "ArrowRight";
  const backward = direction === "rtl" ? "ArrowRight" : "ArrowLeft";
  if (key.shiftKey) {
    if (key.key === forward) return { type: "resize", columns: 1, rows: 0 };
    if (key.key === backward) return { type: "resize", columns: -1, rows: 0 };
    if (key.key === "ArrowDown") return { type: "resize", columns: 0, rows: 1 };
    if (key.key === "ArrowUp") return { type: "resize", columns: 0, rows: -1 };
    return null;
  }
  if (key.key === forward) return { type: "move", delta: 1 };
  if (key.key === backward) return { type: "move", delta: -1 };
  if (key.key === "ArrowDown") return { type: "move", delta: Math.max(1, perRow) };
  if (key.key === "ArrowUp") return { type: "move", delta: -Math.max(1, perRow) };
  return null;
}

/** Applies a key action to the layout. */
export function applyLayoutKey(
  layout: DesktopLayout,
  kind: PanelKind,
  action: LayoutKeyAction,
): DesktopLayout {
  return action.type === "move"
    ? movePanel(layout, kind, action.delta)
    : resizePanel(layout, kind, { columns: action.columns, rows: action.rows });
}
