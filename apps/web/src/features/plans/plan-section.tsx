// The subscription plan of a signed-in user on /tiers: tier, world, trial end, a scheduled downgrade with "keep", and
// an upgrade or downgrade button per tier (POST /api/plan/tier): up at once with the trial, down at the period's end.

import { type BillingInterval, isCustomPrice } from "@aacos/domain/billing";
import {
  SUBSCRIPTION_TIERS,
  type TierName,
  tierByName,
  tierDirection,
} from "@aacos/domain/catalog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBillingStatus, useMyPlanRequests } from "../../lib/billing";
import { useCatalog } from "../../lib/catalog-query";
import { useDateFormat } from "../../lib/format-date";
import { failureText } from "../../lib/messages";
import { usePlanFacts } from "../../lib/plan-facts";
import {
  isPendingCheckout,
  type PlanChangeReply,
  planApi,
  refreshAfterPlanChange,
  usePlan,
} from "../../lib/plan-queries";
import { celebrateMoveUp } from "../../lib/upgrade-prompts";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { cardClasses } from "../../ui/card";
import { FactList } from "../../ui/fact-list";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { RetryAlert } from "../../ui/retry-alert";
import { IntervalPicker, PlanRequestForm, type PlanRequestTarget } from "./billing-notices";

type Outcome =
  | { kind: "upgraded"; tier: TierName; trialEndsAt: string | null }
  | { kind: "scheduled"; tier: TierName; from: TierName; at: string | null }
  | { kind: "kept"; tier: TierName }
  | { kind: "redirecting" }
  | { kind: "failed"; message: string };

export function PlanSection({ suggested }: { suggested: TierName | null }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  // Prices as served (admins may change them on /admin/settings); the built-in list until it arrives.
  const tiers = useCatalog().data?.tiers ?? SUBSCRIPTION_TIERS;
  const format = useFormatters();
  const date = useDateFormat();
  const facts = usePlanFacts();
  const client = useQueryClient();
  const plan = usePlan();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const billing = useBillingStatus();
  const requests = useMyPlanRequests();
  const [interval, setInterval] = useState<BillingInterval>("monthly");
  const [request, setRequest] = useState<PlanRequestTarget | null>(null);
  const stripeMode = billing.data?.mode === "stripe";
  // Test mode with the admins' switch off: every change is a request.
  const askAdmin = billing.data?.mode === "test" && billing.data.selfService === false;
  const requested = (plan: string) =>
    requests.data?.items.some((item) => item.kind === "tier" && item.plan === plan) ?? false;

  // Arriving from an upgrade prompt (/tiers?upgrade=quantum): bring the plans into view.
  useEffect(() => {
    if (suggested === null || !plan.data) return;
    const section = sectionRef.current;
    if (section && typeof section.scrollIntoView === "function") {
      section.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  }, [suggested, plan.data]);

  const change = useMutation({
    mutationFn: (tier: TierName) => planApi.changeTier(tier, interval),
    onMutate: () => setOutcome(null),
    onSuccess: async (reply: PlanChangeReply, tier) => {
      // With Stripe: pay first; the plan changes when the payment is confirmed.
      if (isPendingCheckout(reply)) {
        setOutcome({ kind: "redirecting" });
        window.location.assign(reply.checkoutUrl);
        return;
      }
      const next = reply;
      const before = plan.data;
      await refreshAfterPlanChange(client, next);
      if (before && tier === before.tier) {
        setOutcome({ kind: "kept", tier });
      } else if (before && tierDirection(before.tier, tier) === "down") {
        setOutcome({ kind: "scheduled", tier, from: next.tier, at: next.periodEndsAt });
      } else {
        setOutcome({ kind: "upgraded", tier, trialEndsAt: next.trialEndsAt });
        celebrateMoveUp("tier", tier);
      }
    },
    onError: (error) =>
      setOutcome({
        kind: "failed",
        message: failureText(t, error, "tier", "billing"),
      }),
  });

  const choose = (tier: TierName, label: string, up: boolean) => {
    const custom = isCustomPrice(
      tiers.find((item) => item.name === tier)?.pricing ?? tierByName(tier).pricing,
    );
    if (up && custom) setRequest({ kind: "tier", plan: tier, label, reason: "contact" });
    else if (askAdmin) setRequest({ kind: "tier", plan: tier, label, reason: "ask" });
    else change.mutate(tier);
  };

  const name = (tier: TierName) => localized(tierByName(tier).displayName);

  let body: ReactNode;
  if (plan.isPending) body = <Loader message={t("plan.loading")} />;
  else if (plan.isError) {
    body = (
      <RetryAlert
        message={t("plan.loadError")}
        onRetry={() => void plan.refetch()}
        testId="plan-error"
      />
    );
  } else {
    const current = plan.data;
    body = (
      <>
        <FactList facts={facts(current)} testId="plan-facts" />
        {stripeMode ? <IntervalPicker value={interval} onChange={setInterval} /> : null}
        {request === null ? null : (
          <PlanRequestForm key={request.plan} target={request} onClose={() => setRequest(null)} />
        )}
        {current.pendingTier !== null ? (
          <div
            data-testid="plan-pending"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning bg-surface p-4"
          >
            <p className="text-fg">
              {t("plan.pendingNotice", {
                from: name(current.tier),
                to: name(current.pendingTier),
                date: current.periodEndsAt === null ? "—" : date(current.periodEndsAt),
              })}
            </p>
            <Button
              variant="secondary"
              data-testid="plan-keep"
              disabled={change.isPending}
              onClick={() => change.mutate(current.tier)}
            >
              {t("plan.keep", { plan: name(current.tier) })}
            </Button>
          </div>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {tiers.map((tier) => {
            const direction = tierDirection(current.tier, tier.name);
            const isPending = current.pendingTier === tier.name;
            const isSuggested = suggested === tier.name && direction === "up";
            const custom = isCustomPrice(tier.pricing);
            return (
              <li
                key={tier.name}
                data-testid={`plan-tier-${tier.name}`}
                data-current={direction === "same"}
                className={cardClasses(
                  direction === "same" || isSuggested,
                  "flex flex-col gap-2 p-4",
                )}
              >
                <div className="flex items-start justify-between gap-2">
                  <p className="text-lg font-bold text-fg">{name(tier.name)}</p>
                  {direction === "same" ? (
                    <Badge>
                      <span data-testid={`plan-current-${tier.name}`}>{t("plan.current")}</span>
                    </Badge>
                  ) : isPending ? (
                    <Badge tone="warning">{t("plan.scheduled")}</Badge>
                  ) : requested(tier.name) ? (
                    <Badge tone="warning">{t("billing.requested")}</Badge>
                  ) : isSuggested ? (
                    <Badge tone="success">{t("plan.suggested")}</Badge>
                  ) : null}
                </div>
                <p className="font-extrabold text-accent-text">
                  {format.price(tier.pricing.monthly)}
                </p>
                <p className="text-sm text-fg-muted">
                  {tier.pricing.trialDays > 0
                    ? t("plan.trialDays", { days: tier.pricing.trialDays })
                    : t("plan.noTrial")}
                </p>
                {direction === "same" || isPending ? null : (
                  <Button
                    variant={direction === "up" ? "primary" : "secondary"}
                    className="mt-auto"
                    data-testid={`plan-action-${tier.name}`}
                    disabled={change.isPending}
                    onClick={() => choose(tier.name, name(tier.name), direction === "up")}
                  >
                    {direction === "up" && custom
                      ? t("billing.contactUs")
                      : askAdmin
                        ? t("billing.askAdmin")
                        : direction === "up"
                          ? t("plan.upgradeTo", { plan: name(tier.name) })
                          : t("plan.downgradeTo", { plan: name(tier.name) })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <p className="text-sm text-fg-muted">{t("plan.rules")}</p>
      </>
    );
  }

  return (
    <section
      id="plan"
      ref={sectionRef}
      aria-labelledby={headingId}
      data-testid="plan-section"
      className="mt-10 flex scroll-mt-28 flex-col gap-4"
    >
      <div>
        <h2 id={headingId} className="text-2xl font-extrabold text-fg">
          {t("plan.title")}
        </h2>
        <p className="mt-1 text-fg-muted">{t("plan.lead")}</p>
      </div>
      {outcome === null ? null : outcome.kind === "failed" ? (
        <FormAlert testId="plan-status-error">{outcome.message}</FormAlert>
      ) : outcome.kind === "redirecting" ? (
        <FormNotice testId="plan-status">{t("billing.checkout.redirecting")}</FormNotice>
      ) : (
        <FormNotice testId="plan-status">
          {outcome.kind === "upgraded"
            ? outcome.trialEndsAt === null
              ? t("plan.upgraded", { plan: name(outcome.tier) })
              : t("plan.upgradedTrial", {
                  plan: name(outcome.tier),
                  date: date(outcome.trialEndsAt),
                })
            : outcome.kind === "scheduled"
              ? t("plan.scheduledNotice", {
                  from: name(outcome.from),
                  to: name(outcome.tier),
                  date: outcome.at === null ? "—" : date(outcome.at),
                })
              : t("plan.kept", { plan: name(outcome.tier) })}
        </FormNotice>
      )}
      {body}
    </section>
  );
}
