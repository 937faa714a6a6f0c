// Upgrade prompts (docs/product.md §2, §4, §8, §9): a typed custom event, the once-a-minute gate per kind, and what each
// refusal, soft hint and move up turns into (docs/decisions/165-one-prompt-per-refusal.md: the genesis sequence plays
// once per session, one prompt at a time). The shell's UpgradePrompts component renders them.
import { nextTier, TIER_NAMES, type TierName } from "@aacos/domain/catalog";
import { type ApiError, setUpgradeSignals } from "./api-client";

/** The product's upgrade prompt event. */
export const UPGRADE_PROMPT_EVENT = "aacos:upgrade-prompt";

export const UPGRADE_PROMPT_KINDS = [
  "modal",
  "notification",
  "banner",
  "tooltip",
  "slide-in",
  "fullscreen",
  "celebration",
] as const;
export type UpgradePromptKind = (typeof UPGRADE_PROMPT_KINDS)[number];

export interface UpgradePromptDetail {
  kind: UpgradePromptKind;
  /** The tier (or, for a world celebration, the world) the prompt is about; null when there is none higher. */
  tier: string | null;
  /** Why: the limit or feature the server named, or the prompt's own occasion (see PROMPT_REASONS). */
  reason: string;
  /** English text (the server's or PROMPT_TEXTS), never shown when `refusal` or `text` says what to show. */
  message: string;
  /** One of the prompts' own texts: the renderer shows its locale key (PROMPT_TEXT_KEYS). */
  text?: PromptText;
  /** Where the prompt's action leads; a path of this app. */
  upgradeUrl?: string | null;
  /** A refusal's code and parameters: the renderer words the prompt from these, never from `message`. */
  refusal?: RefusalFacts;
  /** A step of the genesis sequence: shown when the prompt on screen leaves, instead of being dropped. */
  waits?: boolean;
}

/** What a refusal says in data (docs/product.md §7): the code, the limit or feature, and the wait. */
export interface RefusalFacts {
  code: string;
  /** The limit (apiCallsPerMinute, maxActiveUniverses…) or feature flag the server named. */
  reason: string | null;
  retryAfter: number | null;
  suggestedTier: string | null;
}

export function refusalFacts(error: ApiError): RefusalFacts {
  return {
    code: error.code,
    reason: error.upgrade?.reason ?? null,
    retryAfter: error.retryAfter,
    suggestedTier: error.upgrade?.suggestedTier ?? null,
  };
}

/** The prompts' own occasions, beside the limit and feature names the server sends. */
export const PROMPT_REASONS = {
  annualDiscount: "annual-discount",
  followUp: "limit-follow-up",
  softHint: "soft-hint",
  tierUp: "tier-upgrade",
  worldUp: "world-upgrade",
} as const;

/** The prompts' own English texts; each is shown through its locale key (PROMPT_TEXT_KEYS). */
export const PROMPT_TEXTS = {
  followUp: "Upgrade for higher limits, more storage and faster support.",
  annualDiscount: "Save 20% when you pay yearly for any paid plan.",
  softHint: "You are growing fast. A paid plan gives you room to build.",
  tierUp: "Your new plan is active. Enjoy the higher limits!",
  worldUp: "Your new world is open. Your upgrade bonus is in your tokens.",
} as const;

export type PromptText = keyof typeof PROMPT_TEXTS;

/** The locale key (messages.*) of each of the prompts' own texts. */
export const PROMPT_TEXT_KEYS = {
  followUp: "messages.promptFollowUp",
  annualDiscount: "messages.promptAnnualDiscount",
  softHint: "messages.promptSoftHint",
  tierUp: "messages.promptTierUp",
  worldUp: "messages.promptWorldUp",
} as const satisfies Record<PromptText, string>;

/** docs/product.md §8: the genesis sequence after a refusal: notification after 2 s, the annual-discount banner after 5 s. */
export const GENESIS_SEQUENCE_MS = { notification: 2_000, banner: 5_000 } as const;
/** No kind shows more than once a minute. */
export const PROMPT_REPEAT_MS = 60_000;

const lastShown = new Map<UpgradePromptKind, number>();
const pending = new Set<ReturnType<typeof setTimeout>>();

/** Session storage: the user whose genesis sequence already played in this tab (a reload does not replay it). */
const SEQUENCE_KEY = "aacos-upgrade-sequence";
let sequenceUser: string | null = null;

function sequencePlayedFor(userId: string): boolean {
  if (sequenceUser === userId) return true;
  try {
    return window.sessionStorage.getItem(SEQUENCE_KEY) === userId;
  } catch {
    return false;
  }
}

function markSequencePlayed(userId: string): void {
  sequenceUser = userId;
  try {
    window.sessionStorage.setItem(SEQUENCE_KEY, userId);
  } catch {
    // Blocked storage: the sequence is remembered for this page only.
  }
}

/** Forgets what was shown and cancels scheduled prompts (sign-out, tests); `forgetSequence` also forgets the sequence. */
export function resetUpgradePrompts(forgetSequence = false): void {
  lastShown.clear();
  for (const timer of pending) clearTimeout(timer);
  pending.clear();
  if (forgetSequence) {
    sequenceUser = null;
    try {
      window.sessionStorage.removeItem(SEQUENCE_KEY);
    } catch {
      // Nothing stored.
    }
  }
}

/**
 * Fires the event unless the same kind showed within the last minute. A celebration answers the user's own
 * move up, so it always shows (replacing one still on screen). Returns whether it was dispatched.
 */
export function dispatchUpgradePrompt(detail: UpgradePromptDetail, now = Date.now()): boolean {
  const last = lastShown.get(detail.kind);
  if (detail.kind !== "celebration" && last !== undefined && now - last < PROMPT_REPEAT_MS) {
    return false;
  }
  lastShown.set(detail.kind, now);
  window.dispatchEvent(new CustomEvent<UpgradePromptDetail>(UPGRADE_PROMPT_EVENT, { detail }));
  return true;
}

function later(ms: number, run: () => void): void {
  const timer = setTimeout(() => {
    pending.delete(timer);
    run();
  }, ms);
  pending.add(timer);
}

/** Whether `value` names a tier the domain lists. */
export function isTierName(value: string | null): value is TierName {
  return TIER_NAMES.some((name) => name === value);
}

/**
 * A refusal a plan upgrade would lift, for a user on `tier` (docs/product.md §8). Genesis gets the modal → notification after
 * 2 s → banner after 5 s sequence once per session (per user, in this tab); every other refusal — a later one on
 * genesis, or any on another tier — gets one notification, at most once a minute.
 */
export function promptForRefusal(
  error: ApiError,
  tier: TierName | null,
  userId = "anonymous",
): void {
  const offer = error.upgrade;
  const suggested = offer?.suggestedTier ?? nextTier(tier);
  const base = {
    tier: isTierName(suggested) ? suggested : null,
    upgradeUrl: offer?.upgradeUrl ?? (suggested === null ? null : `/tiers?upgrade=${suggested}`),
    refusal: refusalFacts(error),
  };
  const reason = offer?.reason ?? error.code;
  // The calls of one screen are often refused together: while the sequence plays, they add nothing to it.
  if (pending.size > 0) return;
  if (tier !== "genesis" || sequencePlayedFor(userId)) {
    dispatchUpgradePrompt({ ...base, kind: "notification", reason, message: error.message });
    return;
  }
  if (!dispatchUpgradePrompt({ ...base, kind: "modal", reason, message: error.message })) return;
  markSequencePlayed(userId);
  const follow = { tier: base.tier, upgradeUrl: base.upgradeUrl, waits: true };
  later(GENESIS_SEQUENCE_MS.notification, () =>
    dispatchUpgradePrompt({
      ...follow,
      kind: "notification",
      reason: PROMPT_REASONS.followUp,
      message: PROMPT_TEXTS.followUp,
      text: "followUp",
    }),
  );
  later(GENESIS_SEQUENCE_MS.banner, () =>
    dispatchUpgradePrompt({
      ...follow,
      kind: "banner",
      reason: PROMPT_REASONS.annualDiscount,
      message: PROMPT_TEXTS.annualDiscount,
      text: "annualDiscount",
    }),
  );
}

/** docs/product.md §9's soft prompt: a gentle slide-in. */
export function promptForSoftHint(tier: TierName | null): void {
  const suggested = nextTier(tier ?? "genesis");
  dispatchUpgradePrompt({
    kind: "slide-in",
    tier: suggested,
    reason: PROMPT_REASONS.softHint,
    message: PROMPT_TEXTS.softHint,
    text: "softHint",
    upgradeUrl: suggested === null ? "/tiers" : `/tiers?upgrade=${suggested}`,
  });
}

/** docs/product.md §4: moving up shows a celebration. */
export function celebrateMoveUp(kind: "tier" | "world", to: string): void {
  dispatchUpgradePrompt({
    kind: "celebration",
    tier: to,
    reason: kind === "tier" ? PROMPT_REASONS.tierUp : PROMPT_REASONS.worldUp,
    message: kind === "tier" ? PROMPT_TEXTS.tierUp : PROMPT_TEXTS.worldUp,
    text: kind === "tier" ? "tierUp" : "worldUp",
    upgradeUrl: null,
  });
}

/** The signed-in user the prompts are for (null: nobody). */
export interface PromptAudience {
  id: string;
  tier: TierName;
}

/** Connects the API client's refusals and soft hints to the prompts; `who` reads the signed-in user. */
export function installUpgradePrompts(who: () => PromptAudience | null): () => void {
  const tierOf = () => who()?.tier ?? null;
  setUpgradeSignals({
    refused: (error) => promptForRefusal(error, tierOf(), who()?.id),
    softHint: () => {
      const tier = tierOf();
      // Only genesis calls carry the hint; a stale header after an upgrade is ignored.
      if (tier === null || tier === "genesis") promptForSoftHint(tier);
    },
  });
  return () => setUpgradeSignals({ refused: () => {}, softHint: () => {} });
}

export function isUpgradePromptDetail(value: unknown): value is UpgradePromptDetail {
  if (typeof value !== "object" || value === null) return false;
  const detail = value as Record<string, unknown>;
  return (
    UPGRADE_PROMPT_KINDS.some((kind) => kind === detail.kind) &&
    typeof detail.message === "string" &&
    typeof detail.reason === "string" &&
    (detail.text === undefined ||
      (typeof detail.text === "string" && Object.hasOwn(PROMPT_TEXT_KEYS, detail.text)))
  );
}
