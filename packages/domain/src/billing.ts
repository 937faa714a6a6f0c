// Billing rules shared by the browser and the server: intervals, custom ("contact us") prices, the billing status
// the tier chooser reads, plan requests to admins, and the messages of payment failures (docs/decisions/175-stripe-billing.md).

import { z } from "zod";
import { TIER_NAMES, WORLD_NAMES } from "./catalog/types.js";
import { fieldIssue } from "./field-errors.js";
import { MESSAGES } from "./validation/messages.js";

export {
  amountInCents,
  BILLING_INTERVALS,
  BILLING_MESSAGES,
  type BillingInterval,
  type BillingStatus,
  CUSTOM_PRICE,
  isCustomPrice,
  type PendingCheckout,
  type PlanKind,
  priceLookupKey,
} from "./billing-rules.js";

export const PlanRequestBody = z
  .strictObject({
    kind: z.enum(["tier", "world"], { error: MESSAGES.invalidFormat }),
    plan: z.string().trim().min(1, { error: MESSAGES.required }),
    message: z.string().trim().max(1000, { error: "At most 1000 characters" }).optional(),
    /** "contact": a custom-priced plan; "ask": self-service plan changes are off. */
    reason: z.enum(["contact", "ask"]).default("contact"),
  })
  .superRefine((body, context) => {
    const names: readonly string[] = body.kind === "tier" ? TIER_NAMES : WORLD_NAMES;
    if (!names.includes(body.plan)) {
      context.addIssue({
        code: "custom",
        path: ["plan"],
        ...fieldIssue(MESSAGES.invalidFormat, "invalid_format"),
      });
    }
  });
export type PlanRequestBody = z.input<typeof PlanRequestBody>;

export type PlanRequestStatus = "open" | "granted" | "declined";

export const SelfServiceBody = z.strictObject({ enabled: z.boolean() });

// The replies of plans and billing (replies/plans.ts).
export type { BillingInvoice, BillingOverview, PlanRequest } from "./plans/replies.js";
