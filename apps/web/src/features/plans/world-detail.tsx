// The detail panel of the selected world: description, unlocks, resource limits, progression benefits and the action.

import { isCustomPrice } from "@aacos/domain/billing";
import {
  LIMIT_BAR_MAXIMA,
  type LocalizedText,
  limitBarPercent,
  tierByName,
  UNLIMITED,
  type World,
} from "@aacos/domain/catalog";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { useBillingStatus } from "../../lib/billing";
import { useCatalog } from "../../lib/catalog-query";
import { useShownLimits } from "../../lib/limit-sources";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Icon } from "../../ui/icon";
import { LimitBar } from "../../ui/limit-bar";
import { WorldIcon } from "../../ui/world-icon";
import type { WorldAction } from "./world-action";

interface WorldDetailProps {
  world: World;
  action: WorldAction;
  onAction: () => void;
  /** The signed-in user's world, named when a lower world cannot be chosen. */
  currentWorldName?: string;
  /** A world change is in flight. */
  busy?: boolean;
}

function TextList({ title, items }: { title: string; items: readonly LocalizedText[] }) {
  const localized = useLocalized();
  return (
    <div>
      <h3 className="text-sm font-bold uppercase tracking-wider text-fg-muted">{title}</h3>
      <ul className="mt-2 space-y-1.5">
        {items.map((item) => (
          <li key={item.en} className="flex gap-2 text-fg">
            <span aria-hidden="true" className="text-success">
              ✓
            </span>
            <span>{localized(item)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function WorldDetail({
  world,
  action,
  onAction,
  currentWorldName,
  busy = false,
}: WorldDetailProps) {
  const { t } = useTranslation();
  const billing = useBillingStatus();
  const signedIn = useAuthStore((state) => state.user !== null);
  // Test mode with self-service off: a signed-in user asks an admin instead.
  const askAdmin = signedIn && billing.data?.mode === "test" && billing.data.selfService === false;
  const localized = useLocalized();
  const format = useFormatters();
  const catalog = useCatalog().data;
  const headingId = useId();
  const name = localized(world.displayName);

  // What this user would get here (plan and world together, as the server enforces), not the world's own figures.
  const shown = useShownLimits();
  const inForce = shown.inWorld(world.tier);
  const limits = [
    { key: "apiCallsPerDay", limit: inForce.apiCallsPerDay, max: LIMIT_BAR_MAXIMA.apiCallsPerDay },
    { key: "storageGB", limit: inForce.maxStorageGB, max: LIMIT_BAR_MAXIMA.storageGB },
    { key: "teamSize", limit: inForce.maxTeamMembers, max: LIMIT_BAR_MAXIMA.teamSize },
    {
      key: "aiTokensPerDay",
      limit: inForce.maxAITokensPerDay,
      max: LIMIT_BAR_MAXIMA.aiTokensPerDay,
    },
    { key: "maxProjects", limit: inForce.maxProjects, max: LIMIT_BAR_MAXIMA.maxProjects },
  ] as const;
  const planName = localized(tierByName(shown.tier, catalog).displayName);

  const questSlots = world.progression.questSlots;
  const benefits = [
    {
      key: "experienceMultiplier",
      value: t("tiers.benefits.multiplierValue", {
        value: format.number(world.progression.experienceMultiplier),
      }),
    },
    {
      key: "questSlots",
      value: questSlots === UNLIMITED ? t("common.infinity") : format.number(questSlots),
    },
    { key: "dailyBonuses", value: format.number(world.progression.dailyBonuses) },
    { key: "supportLevel", value: t(`tiers.support.${world.features.supportLevel}`) },
  ] as const;

  return (
    <Card selected data-testid="world-detail" aria-labelledby={headingId} role="region">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-surface-muted text-3xl"
          >
            <WorldIcon tier={world.tier} color={world.color} className="size-9" />
          </span>
          <div>
            <h2 id={headingId} className="text-2xl font-extrabold text-fg">
              {t("tiers.detail.label", { world: name })}
            </h2>
            <p className="mt-1 max-w-2xl text-fg-muted">{localized(world.description)}</p>
          </div>
        </div>
        <p className="shrink-0 text-2xl font-extrabold text-accent-text">
          {format.price(world.pricing.monthly)}
        </p>
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <TextList title={t("tiers.detail.keyFeatures")} items={world.unlocks.immediateUnlocks} />
        <TextList title={t("tiers.detail.communityPerks")} items={world.unlocks.communityPerks} />
        <TextList title={t("tiers.detail.secretFeatures")} items={world.unlocks.secretFeatures} />
      </div>

      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-bold uppercase tracking-wider text-fg-muted">
            {t("tiers.detail.resourceLimits")}
          </h3>
          <p className="mt-1 text-sm text-fg-muted" data-testid="limits-lead">
            {shown.signedIn
              ? t("limitSource.lead", { plan: planName })
              : t("limitSource.visitorLead", { plan: planName })}
          </p>
          <div className="mt-3 space-y-3">
            {limits.map((limit) => (
              <div key={limit.key}>
                <LimitBar
                  testId={`limit-${limit.key}`}
                  label={t(`tiers.limits.${limit.key}`)}
                  valueText={format.limit(limit.limit.value)}
                  percent={limitBarPercent(limit.limit.value, limit.max)}
                />
                <p
                  className="mt-1 text-xs text-fg-muted"
                  data-testid={`limit-${limit.key}-source`}
                  data-source={limit.limit.source}
                >
                  {shown.sourceText(limit.limit, world.tier)}
                </p>
              </div>
            ))}
          </div>
        </div>
        <div>
          <h3 className="text-sm font-bold uppercase tracking-wider text-fg-muted">
            {t("tiers.detail.progression")}
          </h3>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            {benefits.map((benefit) => (
              <div
                key={benefit.key}
                data-testid={`benefit-${benefit.key}`}
                className="rounded-xl bg-surface-muted p-3"
              >
                <dt className="text-sm text-fg-muted">{t(`tiers.benefits.${benefit.key}`)}</dt>
                <dd className="mt-1 text-lg font-bold text-fg">{benefit.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      {action === "none" ? null : action === "switch" && currentWorldName !== undefined ? (
        // Worlds only move up (docs/product.md §4): say why instead of offering a button that must fail.
        <p
          data-testid="world-action-blocked"
          className="mt-8 flex items-start gap-2 rounded-xl border border-border bg-surface-muted p-4 text-fg"
        >
          <Icon name="lock" className="mt-0.5 size-5 text-fg-muted" />
          <span>
            {t("tiers.actions.switchBlocked", { world: name, current: currentWorldName })}
          </span>
        </p>
      ) : (
        <div className="mt-8 flex justify-end">
          <Button data-testid="world-action" onClick={onAction} disabled={busy} aria-busy={busy}>
            {busy
              ? t("tiers.actions.upgrading", { world: name })
              : action === "upgrade" && isCustomPrice(world.pricing)
                ? t("billing.contactUs")
                : action === "upgrade" && askAdmin
                  ? t("billing.askAdmin")
                  : t(`tiers.actions.${action}`, { world: name })}
          </Button>
        </div>
      )}
    </Card>
  );
}
