// docs/product.md §2 accessibility panel: a floating button (bottom left in both directions, decision 252), Alt+A; every setting of
// docs/product.md §3 applied to the page at once, stored, resettable. Closes with Escape, the backdrop or the close button.
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  type BooleanSetting,
  COLOR_BLIND_MODES,
  FONT_SIZE_RANGE,
  useAccessibilityStore,
} from "../lib/accessibility-settings";
import { playCue } from "../lib/sounds";
import { Backdrop } from "../ui/backdrop";
import { Button } from "../ui/button";
import { Options } from "../ui/form-field";
import { Icon } from "../ui/icon";
import { Switch } from "../ui/switch";
import { useShellStore } from "./shell-store";

/**
 * Colour-blind modes as SVG colour matrices (daltonisation: what a viewer cannot tell apart is shifted into channels
 * they can). An element React renders, referenced from styles.css; the CSP forbids inline styles, not inline SVG.
 */
const COLOR_MATRICES = {
  protanopia: "1 0 0 0 0 -0.255 1.255 0 0 0 0.303 -0.545 1.242 0 0 0 0 0 1 0",
  deuteranopia: "1 0 0 0 0 -0.438 1.438 0 0 0 0.262 -0.562 1.3 0 0 0 0 0 1 0",
  tritanopia: "1 0 0.7 0 0 0 1 0.7 0 0 0 0.475 0.525 0 0 0 0 0 1 0",
} as const;

export function ColorBlindFilters() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      <defs>
        {Object.entries(COLOR_MATRICES).map(([mode, values]) => (
          <filter key={mode} id={`a11y-${mode}`} colorInterpolationFilters="linearRGB">
            <feColorMatrix type="matrix" values={values} />
          </filter>
        ))}
      </defs>
    </svg>
  );
}

const SECTIONS: { title: "visual" | "motion" | "audio"; switches: BooleanSetting[] }[] = [
  { title: "visual", switches: ["highContrast", "largeText", "focusVisible"] },
  { title: "motion", switches: ["reducedMotion"] },
  { title: "audio", switches: ["soundEnabled", "keyboardNavigation"] },
];

const SWITCH_LABELS = {
  highContrast: "a11y.highContrast",
  largeText: "a11y.largeText",
  focusVisible: "a11y.focusVisible",
  reducedMotion: "a11y.reducedMotion",
  soundEnabled: "a11y.sound",
  keyboardNavigation: "a11y.keyboardNavigation",
} as const;

export function AccessibilityLayer() {
  const { t } = useTranslation();
  const open = useShellStore((state) => state.accessibilityOpen);
  const setOpen = useShellStore((state) => state.setAccessibilityOpen);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <ColorBlindFilters />
      <button
        ref={buttonRef}
        type="button"
        data-testid="accessibility-button"
        aria-label={t("a11y.open")}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(!open)}
        // docs/product.md §2: bottom left in both directions, so a physical side rather than a logical one.
        className="fixed left-4 bottom-[calc(1rem+var(--bottom-nav-offset,0rem))] z-40 flex size-12 items-center justify-center rounded-full bg-accent text-on-accent shadow-card hover:bg-accent-hover"
      >
        <AccessibilityIcon />
      </button>
      {open ? <AccessibilityPanel onClose={() => setOpen(false)} returnFocus={buttonRef} /> : null}
    </>
  );
}

function AccessibilityIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-7"
      fill="currentColor"
    >
      <circle cx="12" cy="4" r="2" />
      <path d="M4 7.5c2.6.8 5.3 1.2 8 1.2s5.4-.4 8-1.2l.5 1.9c-2.2.7-4.4 1.1-6.6 1.3v3.4l2.3 7.4-1.9.6L12 15l-2.3 7.1-1.9-.6 2.3-7.4v-3.4C7.9 10.5 5.7 10.1 3.5 9.4z" />
    </svg>
  );
}

function AccessibilityPanel({
  onClose,
  returnFocus,
}: {
  onClose: () => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const settings = useAccessibilityStore((state) => state.settings);
  const update = useAccessibilityStore((state) => state.update);
  const reset = useAccessibilityStore((state) => state.reset);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const fontSizeId = useId();
  const colorBlindId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    playCue("open");
    return () => {
      const target =
        previous?.isConnected && previous !== document.body ? previous : returnFocus.current;
      target?.focus();
    };
  }, [returnFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || dialogRef.current === null) return;
    // Focus stays in the dialog.
    const focusable = [
      ...dialogRef.current.querySelectorAll<HTMLElement>("button:not([disabled]), input, select"),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const toggle = (name: BooleanSetting, value: boolean) => {
    update({ [name]: value });
    // After the change: turning sounds on plays, turning them off is silent.
    playCue(value ? "on" : "off");
  };

  return (
    <div className="fixed inset-0 z-[55]">
      <Backdrop testId="accessibility-backdrop" onDismiss={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="accessibility-panel"
        onKeyDown={onKeyDown}
        className="absolute left-4 bottom-20 flex max-h-[calc(100vh-6rem)] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-border bg-surface text-fg shadow-card"
      >
        <div className="flex items-start justify-between gap-3 border-b border-border px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-bold">
              {t("a11y.title")}
            </h2>
            <p className="text-sm text-fg-muted">{t("a11y.lead")}</p>
          </div>
          <button
            ref={closeRef}
            type="button"
            data-testid="accessibility-close"
            aria-label={t("a11y.close")}
            onClick={onClose}
            className="rounded-lg p-2 text-fg-muted hover:bg-surface-muted hover:text-fg"
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="overflow-y-auto px-3 py-3">
          {SECTIONS.map((section) => (
            <section
              key={section.title}
              aria-labelledby={`${titleId}-${section.title}`}
              className="py-2"
            >
              <h3
                id={`${titleId}-${section.title}`}
                className="px-3 pb-1 text-xs font-bold tracking-wide text-fg-muted uppercase"
              >
                {t(`a11y.${section.title}`)}
              </h3>
              {section.switches.map((name) => (
                <Switch
                  key={name}
                  testId={`a11y-${name}`}
                  checked={settings[name]}
                  onChange={(value) => toggle(name, value)}
                  label={t(SWITCH_LABELS[name as keyof typeof SWITCH_LABELS])}
                  hint={
                    name === "keyboardNavigation" ? t("a11y.keyboardNavigationHint") : undefined
                  }
                />
              ))}
              {section.title === "visual" ? (
                <>
                  <div className="px-3 py-2.5">
                    <div className="flex items-center justify-between">
                      <label htmlFor={fontSizeId} className="font-semibold">
                        {t("a11y.fontSize")}
                      </label>
                      <output
                        htmlFor={fontSizeId}
                        className="text-sm text-fg-muted"
                        data-testid="a11y-fontSize-value"
                      >
                        {t("a11y.fontSizeValue", { value: settings.fontSize })}
                      </output>
                    </div>
                    <input
                      id={fontSizeId}
                      type="range"
                      data-testid="a11y-fontSize"
                      min={FONT_SIZE_RANGE.min}
                      max={FONT_SIZE_RANGE.max}
                      step={FONT_SIZE_RANGE.step}
                      value={settings.fontSize}
                      aria-valuetext={t("a11y.fontSizeValue", { value: settings.fontSize })}
                      onChange={(event) => update({ fontSize: Number(event.target.value) })}
                      className="mt-2 w-full accent-[var(--aacos-accent)]"
                    />
                  </div>
                  <div className="px-3 py-2.5">
                    <label htmlFor={colorBlindId} className="font-semibold">
                      {t("a11y.colorBlind")}
                    </label>
                    <select
                      id={colorBlindId}
                      data-testid="a11y-colorBlindMode"
                      value={settings.colorBlindMode}
                      onChange={(event) =>
                        update({
                          colorBlindMode:
                            COLOR_BLIND_MODES.find((mode) => mode === event.target.value) ?? "none",
                        })
                      }
                      className="mt-2 w-full rounded-xl border border-border bg-surface px-3 py-2 text-fg"
                    >
                      <Options
                        values={COLOR_BLIND_MODES}
                        text={(mode) => t(`a11y.colorBlindModes.${mode}`)}
                      />
                    </select>
                  </div>
                </>
              ) : null}
            </section>
          ))}
        </div>
        <div className="flex justify-between gap-3 border-t border-border px-5 py-3">
          <Button variant="secondary" data-testid="accessibility-reset" onClick={reset}>
            {t("a11y.reset")}
          </Button>
          <Button data-testid="accessibility-done" onClick={onClose}>
            {t("common.close")}
          </Button>
        </div>
      </div>
    </div>
  );
}
