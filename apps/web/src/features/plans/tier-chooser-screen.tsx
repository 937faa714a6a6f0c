// /tiers: loads the catalogue (GET /api/catalog) and hands the worlds to the tier chooser; for a signed-in user it
// changes the world (POST /api/plan/world, up only), shows their progress (GET /api/progress/me) and the plan section.

import { isCustomPrice } from "@aacos/domain/billing";
import { TIER_NAMES, type TierName, type WorldName, worldByName } from "@aacos/domain/catalog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { useBillingStatus } from "../../lib/billing";
import { useCatalog } from "../../lib/catalog-query";
import { failureText } from "../../lib/messages";
import {
  isPendingCheckout,
  planApi,
  refreshAfterPlanChange,
  usePlan,
} from "../../lib/plan-queries";
import { holdPrerenderedCopy } from "../../lib/prerender-hold";
import { useProgress } from "../../lib/progress-query";
import { celebrateMoveUp } from "../../lib/upgrade-prompts";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import {
  CheckoutReturnNotice,
  PastDueBanner,
  PlanRequestForm,
  type PlanRequestTarget,
  TestModeNotice,
} from "./billing-notices";
import { PlanSection } from "./plan-section";
import { TierChooser } from "./tier-chooser";

type WorldChange =
  | { kind: "done"; world: WorldName; bonus: number }
  | { kind: "failed"; message: string }
  | { kind: "request"; target: PlanRequestTarget }
  | { kind: "redirecting" };

function suggestedTier(value: string | null): TierName | null {
  return TIER_NAMES.find((name) => name === value) ?? null;
}

export function TierChooserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localized = useLocalized();
  const format = useFormatters();
  const catalog = useCatalog();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const user = useAuthStore((state) => state.user);
  const plan = usePlan(user !== null);
  const progress = useProgress(user !== null);
  const [result, setResult] = useState<WorldChange | null>(null);
  const billing = useBillingStatus();

  const changeWorld = useMutation({
    mutationFn: (world: WorldName) => planApi.changeWorld(world),
    onSuccess: async (reply, world) => {
      // With Stripe: pay first; the world changes when the payment is confirmed.
      if (isPendingCheckout(reply)) {
        setResult({ kind: "redirecting" });
        window.location.assign(reply.checkoutUrl);
        return;
      }
      const next = reply;
      await refreshAfterPlanChange(client, next);
      const bonus =
        next.history.find((item) => item.kind === "world" && item.toPlan === world)?.bonusTokens ??
        0;
      setResult({ kind: "done", world, bonus });
      celebrateMoveUp("world", world);
    },
    onError: (error) =>
      setResult({
        kind: "failed",
        message: failureText(t, error, "world", "billing"),
      }),
  });

  // The billing status decides the test-mode notice above the cards: waiting for it keeps the cards from moving down
  // when it arrives (both were fetched with the screen's code on a first visit, docs/decisions/200). Only while it is
  // being fetched: offline the query is paused, and the cards must not wait for ever (issue 15).
  const loading = catalog.isPending || billing.isLoading;
  // On a pre-rendered visit the copy shows the cards: it stays until the app shows them too (docs/decisions/173).
  useLayoutEffect(() => (loading ? holdPrerenderedCopy() : undefined), [loading]);
  if (loading) return <Loader message={t("tiers.loading")} fullHeight />;

  if (catalog.isError) {
    return (
      <div
        role="alert"
        data-testid="tiers-error"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      >
        <h1 className="text-2xl font-bold text-fg">{t("tiers.title")}</h1>
        <p className="text-fg-muted">{t("tiers.error")}</p>
        <Button onClick={() => void catalog.refetch()}>{t("common.retry")}</Button>
      </div>
    );
  }

  const currentWorld = user === null ? null : (plan.data?.world ?? user.world);

  const chooseWorld = (world: WorldName) => {
    // Visitors need an account first.
    if (user === null) {
      navigate("/auth/register");
      return;
    }
    setResult(null);
    const label = localized(worldByName(world).displayName);
    const custom = isCustomPrice(
      catalog.data?.worlds.find((item) => item.tier === world)?.pricing ??
        worldByName(world).pricing,
    );
    // Custom prices are never self-service; with self-service off (test mode), every change is a request.
    if (custom)
      setResult({
        kind: "request",
        target: { kind: "world", plan: world, label, reason: "contact" },
      });
    else if (billing.data?.mode === "test" && billing.data.selfService === false) {
      setResult({ kind: "request", target: { kind: "world", plan: world, label, reason: "ask" } });
    } else changeWorld.mutate(world);
  };

  const status =
    result === null ? null : result.kind === "request" ? (
      <div className="mt-4">
        <PlanRequestForm
          key={result.target.plan}
          target={result.target}
          onClose={() => setResult(null)}
        />
      </div>
    ) : result.kind === "redirecting" ? (
      <div className="mt-4">
        <FormNotice testId="world-change-status">{t("billing.checkout.redirecting")}</FormNotice>
      </div>
    ) : result.kind === "done" ? (
      <div className="mt-4">
        <FormNotice testId="world-change-status">
          {result.bonus > 0
            ? t("tiers.actions.doneWithBonus", {
                world: localized(worldByName(result.world).displayName),
                tokens: format.number(result.bonus),
              })
            : t("tiers.actions.done", { world: localized(worldByName(result.world).displayName) })}
        </FormNotice>
      </div>
    ) : (
      <div className="mt-4">
        <FormAlert testId="world-change-error">{result.message}</FormAlert>
      </div>
    );

  return (
    <>
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-6 empty:hidden">
        <TestModeNotice />
        <CheckoutReturnNotice outcome={params.get("checkout")} />
        <PastDueBanner signedIn={user !== null} />
      </div>
      <TierChooser
        // The chooser keeps its selection; a new world re-renders the badge and the actions.
        worlds={catalog.data.worlds}
        currentWorld={currentWorld}
        progress={user === null ? null : (progress.data ?? null)}
        progressLoading={user !== null && progress.isPending}
        onChooseWorld={chooseWorld}
        busy={changeWorld.isPending}
        status={status}
      >
        {user === null ? null : <PlanSection suggested={suggestedTier(params.get("upgrade"))} />}
      </TierChooser>
    </>
  );
}
