// The /desktop workspace: panels (given by the app) in a grid the user arranges by pointer — drag a panel's handle
// onto another to swap them, drag the corner to resize by whole columns and rows — or by keyboard on a focused
// panel (Alt+Arrow moves, Alt+Shift+Arrow resizes), with each change announced and saved on the server.
import {
  addPanel,
  applyLayoutKey,
  DEFAULT_LAYOUT,
  type DesktopLayout,
  GRID_COLUMNS,
  layoutKeyAction,
  missingPanels,
  type PanelKind,
  removePanel,
  resizePanel,
  swapPanels,
} from "@aacos/domain/layout";
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Icon } from "../../ui/icon";
import { Loader } from "../../ui/loader";
import { RetryAlert } from "../../ui/retry-alert";
import { useSavedLayout, useSaveLayout } from "./api";

/** Height of one grid row, in pixels (rows are fixed so a row span means the same everywhere). */
const ROW_HEIGHT = 340;

export type PanelContents = Record<PanelKind, ReactNode>;

function isRtl(): boolean {
  return document.documentElement.dir === "rtl";
}

export function DesktopWorkspace({ panels }: { panels: PanelContents }) {
  const { t } = useTranslation();
  const saved = useSavedLayout();
  const save = useSaveLayout();
  const [layout, setLayout] = useState<DesktopLayout | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const current = layout ?? saved.data ?? null;

  if (current === null) {
    return saved.isError ? (
      <RetryAlert
        message={t("home.desktop.loadError")}
        onRetry={() => void saved.refetch()}
        retryLabel={t("home.retry")}
        stacked
        testId="desktop-error"
        className="p-6"
      />
    ) : (
      <Loader message={t("home.desktop.loading")} fullHeight />
    );
  }

  const title = (kind: PanelKind) => t(`home.desktop.panels.${kind}`);

  /** Shows a change at once; `persist` also saves it (a drag saves once, when it ends). */
  function change(next: DesktopLayout, message: string, persist = true) {
    setLayout(next);
    if (message !== "") setAnnouncement(message);
    if (persist) save.mutate(next);
  }

  function describe(next: DesktopLayout, kind: PanelKind, moved: boolean): string {
    const index = next.panels.findIndex((panel) => panel.kind === kind);
    const panel = next.panels[index];
    if (panel === undefined) return "";
    return moved
      ? t("home.desktop.announce.moved", {
          panel: title(kind),
          position: index + 1,
          total: next.panels.length,
        })
      : t("home.desktop.announce.resized", {
          panel: title(kind),
          columns: panel.colSpan,
          rows: panel.rowSpan,
        });
  }

  const base = current;
  return (
    <div className="flex flex-col gap-4 px-4 py-6" data-testid="desktop-workspace">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-fg">{t("home.desktop.title")}</h1>
          <p className="text-sm text-fg-muted" id="desktop-help">
            {t("home.desktop.help")}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {missingPanels(base).map((kind) => (
            <Button
              key={kind}
              variant="secondary"
              data-testid={`desktop-add-${kind}`}
              onClick={() =>
                change(
                  addPanel(base, kind),
                  t("home.desktop.announce.added", { panel: title(kind) }),
                )
              }
            >
              {t("home.desktop.add", { panel: title(kind) })}
            </Button>
          ))}
          <Button
            variant="ghost"
            data-testid="desktop-reset"
            onClick={() => change(DEFAULT_LAYOUT, t("home.desktop.announce.reset"))}
          >
            {t("home.desktop.reset")}
          </Button>
        </div>
      </div>
      {save.isError ? (
        <FormAlert testId="desktop-save-error">{t("home.desktop.saveError")}</FormAlert>
      ) : null}
      <p className="sr-only" aria-live="polite" data-testid="desktop-announcer">
        {announcement}
      </p>
      {base.panels.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-fg-muted">
          {t("home.desktop.empty")}
        </p>
      ) : (
        <LayoutGrid
          layout={base}
          title={title}
          panels={panels}
          onChange={(next, kind, moved, persist) =>
            change(next, persist ? describe(next, kind, moved) : "", persist)
          }
          onRemove={(kind) =>
            change(
              removePanel(base, kind),
              t("home.desktop.announce.removed", { panel: title(kind) }),
            )
          }
        />
      )}
    </div>
  );
}

function LayoutGrid({
  layout,
  title,
  panels,
  onChange,
  onRemove,
}: {
  layout: DesktopLayout;
  title: (kind: PanelKind) => string;
  panels: PanelContents;
  onChange: (next: DesktopLayout, kind: PanelKind, moved: boolean, persist: boolean) => void;
  onRemove: (kind: PanelKind) => void;
}) {
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<{ kind: PanelKind; over: PanelKind | null } | null>(
    null,
  );
  const resizing = useRef<{
    kind: PanelKind;
    x: number;
    y: number;
    start: DesktopLayout;
  } | null>(null);
  const refs = useRef(new Map<PanelKind, HTMLElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<PanelKind | null>(null);

  useEffect(() => {
    if (focusAfterMove === null) return;
    refs.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>, kind: PanelKind, colSpan: number) {
    // Only the panel itself or its handle: keys inside a panel's own controls stay theirs.
    const target = event.target as HTMLElement;
    if (target !== event.currentTarget && target.dataset.panelHandle === undefined) return;
    const action = layoutKeyAction(
      event,
      isRtl() ? "rtl" : "ltr",
      Math.max(1, Math.floor(GRID_COLUMNS / colSpan)),
    );
    if (action === null) return;
    // Alt+Left is the browser's "back": the workspace takes it while a panel has focus.
    event.preventDefault();
    const next = applyLayoutKey(layout, kind, action);
    onChange(next, kind, action.type === "move", true);
    if (action.type === "move") setFocusAfterMove(kind);
  }

  function panelAt(x: number, y: number): PanelKind | null {
    const element = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-panel-kind]");
    return (element?.dataset.panelKind as PanelKind | undefined) ?? null;
  }

  function startDrag(event: PointerEvent<HTMLButtonElement>, kind: PanelKind) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging({ kind, over: null });
  }

  function moveDrag(event: PointerEvent<HTMLButtonElement>) {
    if (dragging === null) return;
    const over = panelAt(event.clientX, event.clientY);
    if (over !== dragging.over) setDragging({ ...dragging, over });
  }

  function endDrag(event: PointerEvent<HTMLButtonElement>) {
    if (dragging === null) return;
    const over = panelAt(event.clientX, event.clientY);
    setDragging(null);
    if (over !== null && over !== dragging.kind) {
      onChange(swapPanels(layout, dragging.kind, over), dragging.kind, true, true);
    }
  }

  function startResize(event: PointerEvent<HTMLButtonElement>, kind: PanelKind) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    resizing.current = { kind, x: event.clientX, y: event.clientY, start: layout };
  }

  function moveResize(event: PointerEvent<HTMLButtonElement>, persist: boolean) {
    const state = resizing.current;
    const width = grid.current?.clientWidth;
    if (state === null || width === undefined) return;
    const column = width / GRID_COLUMNS;
    const dx = (event.clientX - state.x) * (isRtl() ? -1 : 1);
    const columns = Math.round(dx / column);
    const rows = Math.round((event.clientY - state.y) / ROW_HEIGHT);
    onChange(resizePanel(state.start, state.kind, { columns, rows }), state.kind, false, persist);
    if (persist) resizing.current = null;
  }

  return (
    <div
      ref={grid}
      className="grid gap-4"
      style={{
        gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
        gridAutoRows: `${ROW_HEIGHT}px`,
      }}
      data-testid="desktop-grid"
    >
      {layout.panels.map((panel, index) => {
        const name = title(panel.kind);
        const isTarget = dragging !== null && dragging.over === panel.kind;
        return (
          <section
            key={panel.kind}
            ref={(element) => {
              if (element) refs.current.set(panel.kind, element);
              else refs.current.delete(panel.kind);
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a panel is focusable so the keyboard can arrange it.
            tabIndex={0}
            aria-label={t("home.desktop.panelLabel", {
              panel: name,
              position: index + 1,
              total: layout.panels.length,
              columns: panel.colSpan,
              rows: panel.rowSpan,
            })}
            aria-describedby="desktop-help"
            data-panel-kind={panel.kind}
            data-testid={`desktop-panel-${panel.kind}`}
            data-col-span={panel.colSpan}
            data-row-span={panel.rowSpan}
            onKeyDown={(event) => onKeyDown(event, panel.kind, panel.colSpan)}
            className={`relative flex min-h-0 min-w-0 flex-col overflow-hidden rounded-2xl border bg-surface shadow-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
              isTarget ? "border-primary shadow-glow" : "border-border"
            } ${dragging?.kind === panel.kind ? "opacity-70" : ""}`}
            style={{
              gridColumn: `span ${panel.colSpan} / span ${panel.colSpan}`,
              gridRow: `span ${panel.rowSpan} / span ${panel.rowSpan}`,
            }}
          >
            <header className="flex items-center gap-2 border-b border-border bg-surface-muted px-2 py-1">
              <button
                type="button"
                data-panel-handle=""
                data-testid={`desktop-handle-${panel.kind}`}
                aria-label={t("home.desktop.handle", { panel: name })}
                title={t("home.desktop.handle", { panel: name })}
                className="flex size-11 cursor-grab touch-none items-center justify-center rounded-lg text-fg-muted hover:bg-surface active:cursor-grabbing"
                onPointerDown={(event) => startDrag(event, panel.kind)}
                onPointerMove={moveDrag}
                onPointerUp={endDrag}
                onPointerCancel={() => setDragging(null)}
                onKeyDown={(event) => onKeyDown(event, panel.kind, panel.colSpan)}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
                  <circle cx="9" cy="6" r="1.6" />
                  <circle cx="15" cy="6" r="1.6" />
                  <circle cx="9" cy="12" r="1.6" />
                  <circle cx="15" cy="12" r="1.6" />
                  <circle cx="9" cy="18" r="1.6" />
                  <circle cx="15" cy="18" r="1.6" />
                </svg>
              </button>
              <h2 className="min-w-0 flex-1 truncate font-bold text-fg">{name}</h2>
              <span className="text-xs tabular-nums text-fg-muted" aria-hidden="true" dir="ltr">
                {panel.colSpan}×{panel.rowSpan}
              </span>
              <button
                type="button"
                data-testid={`desktop-remove-${panel.kind}`}
                aria-label={t("home.desktop.remove", { panel: name })}
                title={t("home.desktop.remove", { panel: name })}
                className="flex size-11 items-center justify-center rounded-lg text-fg-muted hover:bg-surface"
                onClick={() => onRemove(panel.kind)}
              >
                <Icon name="close" />
              </button>
            </header>
            <div className="min-h-0 flex-1 overflow-auto">{panels[panel.kind]}</div>
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              data-testid={`desktop-resize-${panel.kind}`}
              className="absolute bottom-0 end-0 size-5 cursor-nwse-resize touch-none rounded-ss-lg bg-border rtl:cursor-nesw-resize"
              onPointerDown={(event) => startResize(event, panel.kind)}
              onPointerMove={(event) => moveResize(event, false)}
              onPointerUp={(event) => moveResize(event, true)}
              onPointerCancel={() => {
                resizing.current = null;
              }}
            />
          </section>
        );
      })}
    </div>
  );
}
