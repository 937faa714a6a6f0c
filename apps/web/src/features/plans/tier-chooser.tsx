// The tier chooser "Choose Your World": progress panel, five world cards, the selected world's details and the comparison.
import type { World, WorldName } from "@aacos/domain/catalog";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocalized } from "../../lib/use-language";
import { Button } from "../../ui/button";
import { PageHeading } from "../../ui/page-heading";
import { ComparisonTable } from "./comparison-table";
import { ProgressPanel, type ProgressSummary } from "./progress-panel";
import { worldAction } from "./world-action";
import { WorldCard } from "./world-card";
import { WorldDetail } from "./world-detail";

export interface TierChooserProps {
  worlds: readonly World[];
  /** The signed-in user's world; null for a visitor. */
  currentWorld: WorldName | null;
  progress: ProgressSummary | null;
  /** The signed-in user's progress record is on its way. */
  progressLoading?: boolean;
  /** Upgrade, switch or start pressed for a world. */
  onChooseWorld: (world: WorldName) => void;
  /** A world change is in flight. */
  busy?: boolean;
  /** Under the world detail: the result of the last change. */
  status?: ReactNode;
  /** After the comparison: the subscription plan section for signed-in users. */
  children?: ReactNode;
}

export function TierChooser({
  worlds,
  currentWorld,
  progress,
  progressLoading = false,
  onChooseWorld,
  busy = false,
  status,
  children,
}: TierChooserProps) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const [selected, setSelected] = useState<WorldName | null>(currentWorld);
  const [showComparison, setShowComparison] = useState(false);
  const comparisonId = useId();
  const selectedWorld = worlds.find((world) => world.tier === selected) ?? null;
  const currentMember = worlds.find((world) => world.tier === currentWorld) ?? null;
  const detailRef = useRef<HTMLDivElement>(null);
  const [selectionCount, setSelectionCount] = useState(0);

  // On narrow screens the panel sits below all five cards: bring it into view after a selection.
  useEffect(() => {
    if (selectionCount === 0) return;
    const panel = detailRef.current;
    if (panel && typeof panel.scrollIntoView === "function") {
      panel.scrollIntoView({ behavior: "smooth", block: "nearest" });
    }
  }, [selectionCount]);

  const select = (world: WorldName) => {
    setSelected(world);
    setSelectionCount((count) => count + 1);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading title={t("tiers.title")} lead={t("tiers.lead")} />

      <ProgressPanel progress={progress} memberWorld={currentMember} loading={progressLoading} />

      <ul
        aria-label={t("tiers.cardsLabel")}
        className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-5"
      >
        {worlds.map((world) => (
          <li key={world.tier}>
            <WorldCard
              world={world}
              selected={world.tier === selected}
              current={world.tier === currentWorld}
              onSelect={() => select(world.tier)}
            />
          </li>
        ))}
      </ul>

      <div className="mt-8 scroll-mt-28" ref={detailRef}>
        {selectedWorld ? (
          <WorldDetail
            world={selectedWorld}
            action={worldAction(selectedWorld.tier, currentWorld)}
            onAction={() => onChooseWorld(selectedWorld.tier)}
            currentWorldName={currentMember ? localized(currentMember.displayName) : undefined}
            busy={busy}
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-border p-6 text-center text-fg-muted">
            {t("tiers.selectHint")}
          </p>
        )}
        {status}
      </div>

      {children}

      <div className="mt-10 flex flex-col gap-4">
        <div>
          <Button
            variant="secondary"
            data-testid="comparison-toggle"
            aria-expanded={showComparison}
            aria-controls={comparisonId}
            onClick={() => setShowComparison((shown) => !shown)}
          >
            {showComparison ? t("tiers.comparison.hide") : t("tiers.comparison.show")}
          </Button>
        </div>
        {showComparison ? <ComparisonTable worlds={worlds} id={comparisonId} /> : null}
      </div>
    </div>
  );
}
