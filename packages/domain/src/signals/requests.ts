// The signal hub's kinds, severities and sources, and its list query (docs/decisions/070-signals.md).
import { z } from "zod";
import { MESSAGES } from "../validation/messages.js";
import { wholeNumber } from "../validation/rules.js";

export const SIGNAL_SEVERITIES = ["info", "warning", "critical"] as const;
export type SignalSeverity = (typeof SIGNAL_SEVERITIES)[number];

/** The kinds the server emits today; the column is open text, so later kinds need no migration. */
export const SIGNAL_KINDS = [
  "run",
  "sync",
  "quota",
  "security",
  "progression",
  "alert",
  "team",
  "autonomous",
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/**
 * The sources the server's emitters name (a signal's and an activity item's `source`): stable keys the interface
 * translates; the column is open text, so an unknown one is shown as sent.
 */
export const SIGNAL_SOURCES = [
  "rank",
  "milestone",
  "quest",
  "daily-bonus",
  "event",
  "chat",
  "command",
  "workspace",
  "background",
  "metering",
  "browser-event",
  "browser-incident",
  "teams",
  "budget",
  "rule",
  "alerts",
] as const;
export type SignalSource = (typeof SIGNAL_SOURCES)[number];

const Word = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .min(1, MESSAGES.invalidFormat)
  .max(40, MESSAGES.maxLength(40))
  .regex(/^[a-z0-9][a-z0-9._-]*$/i, MESSAGES.invalidFormat);
/** A signal's id as a query or message field: the list's cursor and the socket's replay point. */
export const SignalId = wholeNumber(0, Number.MAX_SAFE_INTEGER);

/** GET /api/signals: `after` is the cursor (a `nextCursor`): the list goes on with older signals than that id. */
export const SignalListQuery = z.object({
  kind: Word.optional(),
  source: Word.optional(),
  severity: z.enum(SIGNAL_SEVERITIES, { error: MESSAGES.invalidFormat }).optional(),
  after: SignalId.optional(),
  since: z.iso.datetime({ offset: true, error: MESSAGES.invalidFormat }).optional(),
  limit: wholeNumber(1, 200).default(50),
});
export type SignalListQuery = z.infer<typeof SignalListQuery>;
