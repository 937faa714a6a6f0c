// Renders the upgrade prompts (docs/product.md §2) dispatched as "aacos:upgrade-prompt": ONE prompt at a time
// (docs/decisions/165-one-prompt-per-refusal.md). The modal and fullscreen kinds are modal dialogs; every other kind
// shows in the strip under the header, in the page's flow, so it never covers an input or its button in either
// direction. A genesis sequence step waits for the prompt on screen to leave; any other prompt is dropped meanwhile.
import { tierByName, WORLD_NAMES, type WorldName, worldByName } from "@aacos/domain/catalog";
import { type RefObject, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { create } from "zustand";
import { useAuthStore } from "../lib/auth-store";
import { refusalText } from "../lib/refusal-text";
import {
  installUpgradePrompts,
  isTierName,
  isUpgradePromptDetail,
  PROMPT_TEXT_KEYS,
  resetUpgradePrompts,
  UPGRADE_PROMPT_EVENT,
  type UpgradePromptDetail,
  type UpgradePromptKind,
} from "../lib/upgrade-prompts";
import { useLanguage, useLocalized } from "../lib/use-language";
import { buttonClasses } from "../ui/button";
import { Icon } from "../ui/icon";

/** How long the passing kinds stay; the others wait for the user. */
const AUTO_DISMISS_MS: Partial<Record<UpgradePromptKind, number>> = {
  notification: 10_000,
  tooltip: 8_000,
  celebration: 8_000,
};

interface ShownPrompt extends UpgradePromptDetail {
  id: number;
}

interface PromptSlot {
  /** The one prompt on screen. */
  current: ShownPrompt | null;
  /** Genesis sequence steps waiting for the screen to be free. */
  waiting: ShownPrompt[];
}

let nextId = 0;

const usePromptSlot = create<PromptSlot>()(() => ({ current: null, waiting: [] }));

const DIALOG_KINDS: readonly UpgradePromptKind[] = ["modal", "fullscreen"];

/**
 * Puts a prompt on screen, or not: a celebration (the user's own move up) replaces everything; a refusal or a sequence
 * step replaces a strip prompt, while behind a dialog a sequence step waits and a refusal is dropped (the dialog
 * already says it); anything else (the soft hint) shows only on a free screen.
 */
function offer(detail: UpgradePromptDetail): void {
  nextId += 1;
  const prompt: ShownPrompt = { ...detail, id: nextId };
  usePromptSlot.setState((slot) => {
    if (prompt.kind === "celebration") return { current: prompt, waiting: [] };
    if (slot.current === null) return { current: prompt };
    const important = prompt.refusal !== undefined || prompt.waits === true;
    if (!important) return slot;
    if (!DIALOG_KINDS.includes(slot.current.kind)) return { current: prompt };
    if (!prompt.waits) return slot;
    return { waiting: [...slot.waiting.filter((other) => other.kind !== prompt.kind), prompt] };
  });
}

/** Whether the celebration of a move up is on screen: other passing notices (toasts) wait for it. */
export function useCelebrationShown(): boolean {
  return usePromptSlot((slot) => slot.current?.kind === "celebration");
}

/** Closes the prompt `id` (the one on screen, if it still is) and shows the next waiting one. */
function closePrompt(id: number): void {
  usePromptSlot.setState((slot) => {
    if (slot.current?.id !== id) return slot;
    const [next = null, ...rest] = slot.waiting;
    return { current: next, waiting: rest };
  });
}

function clearPrompts(): void {
  usePromptSlot.setState({ current: null, waiting: [] });
}

/** A prompt's text: a refusal worded from its code and parameters, our own texts by their key, any other as given. */
function usePromptText(): (prompt: UpgradePromptDetail) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return (prompt) =>
    prompt.refusal
      ? refusalText(t, prompt.refusal, language)
      : prompt.text
        ? t(PROMPT_TEXT_KEYS[prompt.text])
        : prompt.message;
}

function isWorld(value: string | null): value is WorldName {
  return WORLD_NAMES.some((name) => name === value);
}

/** The plan's display name in the interface language ("" when the prompt names none). */
function usePlanName(): (prompt: UpgradePromptDetail) => string {
  const localized = useLocalized();
  return (prompt) => {
    if (prompt.reason === "world-upgrade" && isWorld(prompt.tier)) {
      return localized(worldByName(prompt.tier).displayName);
    }
    if (isTierName(prompt.tier)) return localized(tierByName(prompt.tier).displayName);
    if (isWorld(prompt.tier)) return localized(worldByName(prompt.tier).displayName);
    return "";
  };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the dialog, closes on Escape and gives focus back to where it was. */
function useFocusTrap(ref: RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (before?.isConnected) before.focus();
    };
  }, [ref]);
}

function CloseButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      aria-label={t("prompts.dismiss")}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg"
    >
      <span aria-hidden="true" className="text-lg leading-none">
        ×
      </span>
    </button>
  );
}

function UpgradeLink({
  prompt,
  onFollow,
  testId,
  variant = "primary",
}: {
  prompt: UpgradePromptDetail;
  onFollow: () => void;
  testId: string;
  variant?: "primary" | "secondary" | "ghost";
}) {
  const { t } = useTranslation();
  const planName = usePlanName();
  if (!prompt.upgradeUrl) return null;
  const name = planName(prompt);
  return (
    <Link
      to={prompt.upgradeUrl}
      onClick={onFollow}
      data-testid={testId}
      className={buttonClasses(variant, "px-3 py-2")}
    >
      {name === "" ? t("prompts.seePlans") : t("prompts.upgradeTo", { plan: name })}
    </Link>
  );
}

/** modal and fullscreen: a modal dialog with a focus trap; Escape, "Not now" or the × close it. */
function PromptDialog({
  prompt,
  onClose,
  fullscreen,
}: {
  prompt: UpgradePromptDetail;
  onClose: () => void;
  fullscreen: boolean;
}) {
  const { t } = useTranslation();
  const planName = usePlanName();
  const text = usePromptText();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useFocusTrap(ref, onClose);
  const kind = fullscreen ? "fullscreen" : "modal";
  const name = planName(prompt);
  return (
    <div
      className={`fixed inset-0 z-50 flex items-center justify-center ${fullscreen ? "bg-background" : "bg-overlay p-4"}`}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        data-testid={`upgrade-${kind}`}
        className={
          fullscreen
            ? "flex size-full flex-col items-center justify-center gap-6 overflow-y-auto p-8 text-center"
            : "w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-card motion-safe:animate-prompt-pop"
        }
      >
        <div className="flex items-start justify-between gap-3">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-2xl bg-surface-muted text-accent-text"
          >
            <Icon name="zap" className="size-6" />
          </span>
          {fullscreen ? null : <CloseButton onClick={onClose} testId={`upgrade-${kind}-close`} />}
        </div>
        <h2
          id={titleId}
          className={`font-extrabold text-fg ${fullscreen ? "text-4xl" : "mt-4 text-2xl"}`}
        >
          {fullscreen ? t("prompts.fullscreenTitle") : t("prompts.modalTitle")}
        </h2>
        <div id={bodyId} className="mt-2 space-y-2 text-fg-muted">
          <p data-testid={`upgrade-${kind}-message`}>{text(prompt)}</p>
          {name === "" ? null : <p>{t("prompts.modalLead", { plan: name })}</p>}
        </div>
        <div
          className={`mt-6 flex flex-wrap gap-2 ${fullscreen ? "justify-center" : "justify-end"}`}
        >
          <button
            type="button"
            onClick={onClose}
            data-testid={`upgrade-${kind}-dismiss`}
            className={buttonClasses("secondary")}
          >
            {t("prompts.notNow")}
          </button>
          <UpgradeLink prompt={prompt} onFollow={onClose} testId={`upgrade-${kind}-action`} />
        </div>
      </div>
    </div>
  );
}

function Confetti() {
  const pieces = ["✦", "★", "✧", "●", "✦", "★", "✧", "●", "✦", "★"];
  return (
    <span aria-hidden="true" className="pointer-events-none absolute inset-0 motion-reduce:hidden">
      {pieces.map((piece, index) => (
        <span
          // Fixed decorative pieces: the index is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length decorative list
          key={index}
          className="absolute top-0 text-lg text-primary motion-safe:animate-prompt-confetti"
          style={{
            insetInlineStart: `${5 + index * 9.5}%`,
            animationDelay: `${(index % 5) * 120}ms`,
          }}
        >
          {piece}
        </span>
      ))}
    </span>
  );
}

const STRIP_KINDS: readonly UpgradePromptKind[] = [
  "notification",
  "banner",
  "tooltip",
  "slide-in",
  "celebration",
];

/** The non-modal prompt, under the header in the page's flow: it pushes the page down rather than covering it. */
export function UpgradePromptStrip() {
  const { t } = useTranslation();
  const planName = usePlanName();
  const text = usePromptText();
  const current = usePromptSlot((slot) => slot.current);
  const prompt = current !== null && STRIP_KINDS.includes(current.kind) ? current : null;
  const close = () => {
    if (prompt) closePrompt(prompt.id);
  };
  return (
    // A live region that exists before its content, so screen readers hear what arrives.
    <div role="status" aria-live="polite" aria-label={t("prompts.stripRegion")}>
      {prompt === null ? null : (
        <div className="mx-auto max-w-6xl px-4 pb-3">
          {prompt.kind === "celebration" ? (
            <div
              key={prompt.id}
              data-testid="upgrade-celebration"
              className="relative flex flex-wrap items-center gap-3 overflow-hidden rounded-2xl border border-primary bg-surface px-4 py-3 shadow-glow motion-safe:animate-prompt-pop"
            >
              <Confetti />
              {/* An SVG, not the 🎉 emoji: without a colour-emoji font (Debian's Chromium) that showed as a box. */}
              <Icon name="trophy" className="size-7 text-primary" />
              <div className="min-w-0 flex-1">
                <p className="font-extrabold text-fg" data-testid="upgrade-celebration-title">
                  {t("prompts.celebrationTitle", { plan: planName(prompt) })}
                </p>
                <p className="text-sm text-fg-muted">{text(prompt)}</p>
              </div>
              <button
                type="button"
                onClick={close}
                data-testid="upgrade-celebration-close"
                className={buttonClasses("primary", "px-3 py-2")}
              >
                {t("prompts.celebrationClose")}
              </button>
            </div>
          ) : prompt.kind === "tooltip" ? (
            <div
              key={prompt.id}
              role="tooltip"
              data-testid="upgrade-tooltip"
              className="ms-auto max-w-xs rounded-xl bg-fg px-3 py-2 text-sm text-background shadow-card motion-safe:animate-prompt-rise"
            >
              {text(prompt)}
            </div>
          ) : (
            <StripCard prompt={prompt} onClose={close} />
          )}
        </div>
      )}
    </div>
  );
}

const STRIP_TITLES = {
  banner: "prompts.bannerTitle",
  notification: "prompts.notificationTitle",
  "slide-in": "prompts.slideInTitle",
} as const;

/** The banner (with its −20% badge), the notification and the slide-in: one line of text, the action and ×. */
function StripCard({ prompt, onClose }: { prompt: ShownPrompt; onClose: () => void }) {
  const { t } = useTranslation();
  const text = usePromptText();
  const kind =
    prompt.kind === "banner" || prompt.kind === "slide-in" ? prompt.kind : "notification";
  return (
    <div
      key={prompt.id}
      data-testid={`upgrade-${kind}`}
      className={`flex items-start gap-3 rounded-2xl border bg-surface px-4 py-3 shadow-card motion-safe:animate-prompt-rise sm:items-center ${kind === "banner" ? "border-primary" : "border-border"}`}
    >
      {kind === "banner" ? (
        <span
          aria-hidden="true"
          className="shrink-0 rounded-full bg-accent px-2.5 py-1 text-sm font-extrabold text-on-accent"
        >
          {t("prompts.bannerBadge")}
        </span>
      ) : (
        <span aria-hidden="true" className="mt-0.5 shrink-0 text-accent-text sm:mt-0">
          <Icon name="zap" className="size-5" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <p className="min-w-0 flex-1 text-sm text-fg">
          <strong className="block font-bold">{t(STRIP_TITLES[kind])}</strong>
          <span data-testid={`upgrade-${kind}-message`} className="text-fg-muted">
            {text(prompt)}
          </span>
        </p>
        <div>
          <UpgradeLink
            prompt={prompt}
            onFollow={onClose}
            testId={`upgrade-${kind}-action`}
            variant={kind === "banner" ? "primary" : "secondary"}
          />
        </div>
      </div>
      <CloseButton onClick={onClose} testId={`upgrade-${kind}-close`} />
    </div>
  );
}

/** Listens for prompts, lets the passing kinds leave on their own, and shows the modal kinds. */
export function UpgradePrompts() {
  const current = usePromptSlot((slot) => slot.current);
  const userId = useAuthStore((state) => state.user?.id ?? null);

  useEffect(
    () =>
      installUpgradePrompts(() => {
        const user = useAuthStore.getState().user;
        return user ? { id: user.id, tier: user.tier } : null;
      }),
    [],
  );

  // One user's prompts never follow the next one (or the sign-in screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the signed-in user changes
  useEffect(() => {
    resetUpgradePrompts();
    clearPrompts();
  }, [userId]);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isUpgradePromptDetail(detail)) offer(detail);
    };
    window.addEventListener(UPGRADE_PROMPT_EVENT, onPrompt);
    return () => window.removeEventListener(UPGRADE_PROMPT_EVENT, onPrompt);
  }, []);

  // The passing kinds leave on their own; the next waiting prompt then shows.
  useEffect(() => {
    const ms = current === null ? undefined : AUTO_DISMISS_MS[current.kind];
    if (current === null || ms === undefined) return;
    const timer = setTimeout(() => closePrompt(current.id), ms);
    return () => clearTimeout(timer);
  }, [current]);

  if (current === null || (current.kind !== "modal" && current.kind !== "fullscreen")) return null;
  return (
    <PromptDialog
      key={current.id}
      prompt={current}
      fullscreen={current.kind === "fullscreen"}
      onClose={() => closePrompt(current.id)}
    />
  );
}
