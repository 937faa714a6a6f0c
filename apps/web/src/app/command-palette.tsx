// The command palette (Ctrl/Cmd+K): a combobox over a listbox of the pages the user may open and the main actions;
// arrows move, Enter runs, Escape closes, and focus goes back where it was.
import { layoutClassForWidth } from "@aacos/domain/device";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { i18n as appI18n, applyLanguage } from "../lib/i18n";
import { useTheme } from "../lib/theme";
import { useLanguage } from "../lib/use-language";
import { Backdrop } from "../ui/backdrop";
import { Icon } from "../ui/icon";
import { filterPaletteItems, type PaletteItem, paletteRoutesFor } from "./palette-items";
import { useShellStore } from "./shell-store";

function usePaletteItems(): PaletteItem[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const { preference, cycle } = useTheme();
  const language = useLanguage();
  const openAccessibility = useShellStore((state) => state.setAccessibilityOpen);

  return useMemo(() => {
    const other = language === "he" ? "en" : "he";
    const pages: PaletteItem[] = paletteRoutesFor(user, layoutClassForWidth(window.innerWidth)).map(
      ({ route, key }) => ({
        id: `page-${key}`,
        kind: "page",
        label: t(`palette.routes.${key}`),
        detail: route,
        // The other language's title finds the page too.
        keywords: appI18n.getFixedT(other)(`palette.routes.${key}`),
        run: () => void navigate(route),
      }),
    );
    const actions: PaletteItem[] = [
      {
        id: "action-theme",
        kind: "action",
        label: t("palette.action.toggleTheme", { theme: t(`theme.${preference}`) }),
        keywords: "theme dark light",
        run: cycle,
      },
      {
        id: "action-language",
        kind: "action",
        label: t("palette.action.switchLanguage"),
        keywords: "language english hebrew עברית אנגלית שפה",
        run: () => applyLanguage(other),
      },
      {
        id: "action-accessibility",
        kind: "action",
        label: t("palette.action.accessibility"),
        keywords: "accessibility a11y נגישות",
        run: () => openAccessibility(true),
      },
    ];
    if (user !== null) {
      actions.push({
        id: "action-sign-out",
        kind: "action",
        label: t("palette.action.signOut"),
        keywords: "logout sign out",
        run: () => {
          // Leave a signed-in page first, so its guard does not remember it as the page to return to.
          void Promise.resolve(navigate("/", { replace: true })).then(() => logout());
        },
      });
    }
    return [...pages, ...actions];
  }, [t, navigate, user, logout, preference, cycle, language, openAccessibility]);
}

export function CommandPalette() {
  const open = useShellStore((state) => state.paletteOpen);
  if (!open) return null;
  return <PaletteDialog />;
}

function PaletteDialog() {
  const { t } = useTranslation();
  const setOpen = useShellStore((state) => state.setPaletteOpen);
  const items = usePaletteItems();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const titleId = useId();
  const pagesId = useId();
  const actionsId = useId();

  const results = filterPaletteItems(items, query);
  const activeIndex = results.length === 0 ? -1 : Math.min(active, results.length - 1);
  const activeItem = activeIndex >= 0 ? results[activeIndex] : undefined;
  const optionId = (item: PaletteItem) => `${listId}-${item.id}`;

  // Focus goes into the palette, and back to what had it when the palette closes.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    return () => {
      const target = previous?.isConnected ? previous : document.getElementById("main");
      target?.focus();
    };
  }, []);

  useEffect(() => {
    if (activeItem === undefined) return;
    document.getElementById(optionId(activeItem))?.scrollIntoView?.({ block: "nearest" });
  });

  const close = () => setOpen(false);
  const run = (item: PaletteItem) => {
    close();
    item.run();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setActive((activeIndex + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setActive((activeIndex - 1 + count) % count);
    } else if (event.key === "PageDown" && count > 0) {
      event.preventDefault();
      setActive(count - 1);
    } else if (event.key === "PageUp" && count > 0) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (activeItem) run(activeItem);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      // The input is the dialog's only stop: focus stays in the palette.
      event.preventDefault();
    }
  };

  const groups = [
    {
      id: pagesId,
      title: t("palette.pages"),
      items: results.filter((item) => item.kind === "page"),
    },
    {
      id: actionsId,
      title: t("palette.actions"),
      items: results.filter((item) => item.kind === "action"),
    },
  ].filter((group) => group.items.length > 0);

  return (
    <div className="fixed inset-0 z-[60] flex items-start justify-center p-4 pt-[12vh]">
      <Backdrop testId="command-palette-backdrop" onDismiss={close} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="command-palette"
        className="relative flex max-h-[70vh] w-full max-w-xl flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
      >
        <h2 id={titleId} className="sr-only">
          {t("palette.title")}
        </h2>
        <div className="flex items-center gap-3 border-b-2 border-border px-4 focus-within:border-primary">
          <Icon name="compass" className="size-5 text-fg-muted" />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label={t("palette.inputLabel")}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
            data-testid="command-palette-input"
            placeholder={t("palette.placeholder")}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="h-14 w-full bg-transparent text-base text-fg placeholder:text-fg-muted focus-visible:shadow-none focus-visible:outline-none"
          />
          <kbd className="hidden rounded border border-border px-1.5 py-0.5 text-xs text-fg-muted sm:block">
            {t("palette.escapeKey")}
          </kbd>
        </div>
        <div
          id={listId}
          role="listbox"
          aria-label={t("palette.title")}
          data-testid="command-palette-list"
          className="overflow-y-auto p-2"
        >
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's option groups are role="group" (a fieldset is a form element)
            <div key={group.id} role="group" aria-labelledby={group.id}>
              <div
                id={group.id}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-bold tracking-wide text-fg-muted uppercase"
              >
                {group.title}
              </div>
              {group.items.map((item) => {
                const selected = item === activeItem;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
                  <div
                    key={item.id}
                    id={optionId(item)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    data-testid={`palette-option-${item.id}`}
                    onMouseMove={() => setActive(results.indexOf(item))}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => run(item)}
                    className={`flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2.5 ${
                      selected ? "bg-accent text-on-accent" : "text-fg"
                    }`}
                  >
                    <span className="font-semibold">{item.label}</span>
                    {item.detail ? (
                      <span
                        dir="ltr"
                        className={`text-xs ${selected ? "text-on-accent" : "text-fg-muted"}`}
                      >
                        {item.detail}
                      </span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
          {results.length === 0 ? (
            <p className="px-3 py-6 text-center text-fg-muted" data-testid="command-palette-empty">
              {t("palette.empty", { query })}
            </p>
          ) : null}
        </div>
        <p className="border-t border-border px-4 py-2 text-xs text-fg-muted" aria-live="polite">
          <span className="sr-only">{t("palette.results", { count: results.length })} · </span>
          {t("palette.hint")}
        </p>
      </div>
    </div>
  );
}
