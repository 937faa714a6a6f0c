// Renders the upgrade prompts (SPEC.md §2) dispatched as "aacos:upgrade-prompt": one of each kind at a time, newest wins.
import {
  TIER_NAMES,
  type TierName,
  tierByName,
  WORLD_NAMES,
  type WorldName,
  worldByName,
} from "@aacos/domain/catalog";
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { translateMessage } from "../lib/messages";
import {
  installUpgradePrompts,
  isUpgradePromptDetail,
  resetUpgradePrompts,
  UPGRADE_PROMPT_EVENT,
  type UpgradePromptDetail,
  type UpgradePromptKind,
} from "../lib/upgrade-prompts";
import { useLocalized } from "../lib/use-language";
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

type Shown = Partial<Record<UpgradePromptKind, ShownPrompt>>;

function isTier(value: string | null): value is TierName {
  return TIER_NAMES.some((name) => name === value);
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
    if (isTier(prompt.tier)) return localized(tierByName(prompt.tier).displayName);
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
          <p data-testid={`upgrade-${kind}-message`}>{translateMessage(t, prompt.message)}</p>
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

/** Non-modal prompts: live regions that exist before their content, so screen readers hear what arrives. */
function LiveSlot({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className={className}>
      {children}
    </div>
  );
}

export function UpgradePrompts() {
  const { t } = useTranslation();
  const planName = usePlanName();
  const [shown, setShown] = useState<Shown>({});
  const nextId = useRef(0);
  const userId = useAuthStore((state) => state.user?.id ?? null);

  useEffect(() => installUpgradePrompts(() => useAuthStore.getState().user?.tier ?? null), []);

  // One user's prompts never follow the next one (or the sign-in screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the signed-in user changes
  useEffect(() => {
    resetUpgradePrompts();
    setShown({});
  }, [userId]);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (!isUpgradePromptDetail(detail)) return;
      nextId.current += 1;
      const id = nextId.current;
      setShown((current) => ({ ...current, [detail.kind]: { ...detail, id } }));
    };
    window.addEventListener(UPGRADE_PROMPT_EVENT, onPrompt);
    return () => window.removeEventListener(UPGRADE_PROMPT_EVENT, onPrompt);
  }, []);

  const close = useCallback((kind: UpgradePromptKind, id?: number) => {
    setShown((current) => {
      const prompt = current[kind];
      if (!prompt || (id !== undefined && prompt.id !== id)) return current;
      const next = { ...current };
      delete next[kind];
      return next;
    });
  }, []);

  // The passing kinds leave on their own; a newer prompt of the kind restarts its clock.
  const passing = (["notification", "tooltip", "celebration"] as const).map(
    (kind) => shown[kind]?.id,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the ids of the passing prompts
  useEffect(() => {
    const timers = (["notification", "tooltip", "celebration"] as const).flatMap((kind) => {
      const prompt = shown[kind];
      const ms = AUTO_DISMISS_MS[kind];
      if (!prompt || ms === undefined) return [];
      return [setTimeout(() => close(kind, prompt.id), ms)];
    });
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [passing.join(","), close]);

  const { modal, fullscreen, notification, banner, tooltip, celebration } = shown;
  const slideIn = shown["slide-in"];

  return (
    <>
      <LiveSlot
        label={t("prompts.bannerRegion")}
        className="fixed inset-x-0 bottom-0 z-40 flex justify-center px-3 pb-3 sm:px-4"
      >
        {banner ? (
          <div
            key={banner.id}
            data-testid="upgrade-banner"
            className="flex w-full max-w-4xl items-start gap-3 rounded-2xl border border-primary bg-surface px-4 py-3 shadow-glow motion-safe:animate-prompt-rise sm:items-center"
          >
            <span
              aria-hidden="true"
              className="shrink-0 rounded-full bg-accent px-2.5 py-1 text-sm font-extrabold text-on-accent"
            >
              {t("prompts.bannerBadge")}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
              <p className="min-w-0 flex-1 text-sm text-fg">
                <strong className="block font-bold">{t("prompts.bannerTitle")}</strong>
                <span data-testid="upgrade-banner-message">
                  {translateMessage(t, banner.message)}
                </span>
              </p>
              <div>
                <UpgradeLink
                  prompt={banner}
                  onFollow={() => close("banner")}
                  testId="upgrade-banner-action"
                />
              </div>
            </div>
            <CloseButton onClick={() => close("banner")} testId="upgrade-banner-close" />
          </div>
        ) : null}
      </LiveSlot>

      <LiveSlot
        label={t("prompts.notificationRegion")}
        className="pointer-events-none fixed end-3 top-20 z-40 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2"
      >
        {notification ? (
          <div
            key={notification.id}
            data-testid="upgrade-notification"
            className="pointer-events-auto rounded-2xl border border-border bg-surface p-4 shadow-card motion-safe:animate-prompt-rise"
          >
            <div className="flex items-start gap-3">
              <span aria-hidden="true" className="mt-0.5 text-accent-text">
                <Icon name="zap" className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-bold text-fg">{t("prompts.notificationTitle")}</p>
                <p
                  className="mt-1 text-sm text-fg-muted"
                  data-testid="upgrade-notification-message"
                >
                  {translateMessage(t, notification.message)}
                </p>
                <div className="mt-3">
                  <UpgradeLink
                    prompt={notification}
                    onFollow={() => close("notification")}
                    testId="upgrade-notification-action"
                    variant="secondary"
                  />
                </div>
              </div>
              <CloseButton
                onClick={() => close("notification")}
                testId="upgrade-notification-close"
              />
            </div>
          </div>
        ) : null}
        {tooltip ? (
          <div
            key={tooltip.id}
            role="tooltip"
            data-testid="upgrade-tooltip"
            className="pointer-events-auto relative ms-auto max-w-xs rounded-xl bg-fg px-3 py-2 text-sm text-background shadow-card motion-safe:animate-prompt-rise"
          >
            <span aria-hidden="true" className="absolute -top-1.5 end-6 size-3 rotate-45 bg-fg" />
            {translateMessage(t, tooltip.message)}
          </div>
        ) : null}
      </LiveSlot>

      <LiveSlot
        label={t("prompts.slideInRegion")}
        className="pointer-events-none fixed bottom-24 end-3 z-40 w-[min(22rem,calc(100vw-1.5rem))]"
      >
        {slideIn ? (
          <aside
            key={slideIn.id}
            aria-label={t("prompts.slideInTitle")}
            data-testid="upgrade-slide-in"
            className="pointer-events-auto rounded-2xl border border-border bg-surface p-4 shadow-card motion-safe:animate-prompt-slide"
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-bold text-fg">{t("prompts.slideInTitle")}</p>
              <CloseButton onClick={() => close("slide-in")} testId="upgrade-slide-in-close" />
            </div>
            <p className="mt-1 text-sm text-fg-muted">{translateMessage(t, slideIn.message)}</p>
            <div className="mt-3">
              <UpgradeLink
                prompt={slideIn}
                onFollow={() => close("slide-in")}
                testId="upgrade-slide-in-action"
                variant="secondary"
              />
            </div>
          </aside>
        ) : null}
      </LiveSlot>

      <LiveSlot
        label={t("prompts.celebrationRegion")}
        className="pointer-events-none fixed inset-x-0 top-24 z-50 flex justify-center px-4"
      >
        {celebration ? (
          <div
            key={celebration.id}
            data-testid="upgrade-celebration"
            className="pointer-events-auto relative w-full max-w-md overflow-hidden rounded-2xl border border-primary bg-surface p-6 text-center shadow-glow motion-safe:animate-prompt-pop"
          >
            <Confetti />
            <span aria-hidden="true" className="text-4xl">
              🎉
            </span>
            <p
              className="mt-2 text-2xl font-extrabold text-fg"
              data-testid="upgrade-celebration-title"
            >
              {t("prompts.celebrationTitle", { plan: planName(celebration) })}
            </p>
            <p className="mt-1 text-fg-muted">{translateMessage(t, celebration.message)}</p>
            <button
              type="button"
              onClick={() => close("celebration")}
              data-testid="upgrade-celebration-close"
              className={buttonClasses("primary", "mt-4")}
            >
              {t("prompts.celebrationClose")}
            </button>
          </div>
        ) : null}
      </LiveSlot>

      {modal ? (
        <PromptDialog
          key={modal.id}
          prompt={modal}
          fullscreen={false}
          onClose={() => close("modal")}
        />
      ) : null}
      {fullscreen ? (
        <PromptDialog
          key={fullscreen.id}
          prompt={fullscreen}
          fullscreen
          onClose={() => close("fullscreen")}
        />
      ) : null}
    </>
  );
}
