// Plans: payment (Stripe or the free provider), tier and world changes, plan requests and the admin's settings.
import { createSettingsService } from "../features/admin-settings/index.js";
import {
  createImmediateBillingProvider,
  createPlanRequestService,
  createPlanService,
  createStripeBilling,
  createStripeGateway,
} from "../features/plans/index.js";
import { creditWorldChange, type ProgressionService } from "../features/progression/index.js";
import type { Core } from "./core.js";
import type { Services } from "./services.js";

export type PlanServices = Pick<
  Services,
  "billing" | "stripe" | "plans" | "planRequests" | "settings"
>;

export function createPlanServices(core: Core, progression: ProgressionService): PlanServices {
  const { app, deps, db, clock, audit, mailer, catalog } = core;
  const { config } = deps;
  const onWorldChanged = creditWorldChange(progression, app.log);
  // With STRIPE_SECRET_KEY the Stripe provider takes payment; without it, the free one (decision 175).
  const stripe =
    config.stripe === null
      ? null
      : createStripeBilling({
          db,
          clock,
          gateway: deps.stripeGateway ?? createStripeGateway(config.stripe),
          mailer,
          log: app.log,
          publicUrl: config.publicUrl,
          graceDays: config.billingGraceDays,
          onWorldChanged,
        });
  const billing = stripe?.provider ?? createImmediateBillingProvider({ db, clock });
  const plans = createPlanService({
    db,
    audit,
    billing,
    onWorldChanged,
    selfService: () => catalog.site().selfServicePlans,
  });
  const planRequests = createPlanRequestService({
    db,
    clock,
    audit,
    mailer,
    plans,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  return {
    billing,
    stripe,
    plans,
    planRequests,
    settings: createSettingsService({ db, clock, store: catalog }),
  };
}
