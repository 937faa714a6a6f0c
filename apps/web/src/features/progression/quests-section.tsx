// Quests in four groups: active (with progress bars), available (with Start), done, and locked by subscription tier
// (naming the tier, with an upgrade link). Slots in use are shown against the world's quest slots.
import { tierByName } from "@aacos/domain/catalog";
import type { QuestStatus } from "@aacos/domain/progression";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useQuestText } from "../../lib/quest-text";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button, ButtonLink } from "../../ui/button";
import { LimitBar } from "../../ui/limit-bar";
import type { QuestList, QuestView } from "./api";
import { CardHead } from "./card-head";

const GROUPS: readonly QuestStatus[] = ["active", "available", "completed", "locked"];

export function QuestsSection({
  quests,
  onStart,
  starting,
}: {
  quests: QuestList;
  onStart: (id: string) => void;
  /** The quest being started, if any. */
  starting: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const slotsFull = quests.slots.total !== null && quests.slots.used >= quests.slots.total;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-fg-muted" data-testid="quest-slots">
        {t("progress.quests.slots", {
          used: format.number(quests.slots.used),
          total: quests.slots.total === null ? "∞" : format.number(quests.slots.total),
        })}
      </p>
      {GROUPS.map((status) => {
        const items = quests.items.filter((quest) => quest.status === status);
        return (
          <section
            key={status}
            data-testid={`quest-group-${status}`}
            aria-labelledby={`quest-group-${status}-title`}
          >
            <h3 id={`quest-group-${status}-title`} className="text-base font-bold text-fg">
              {t(`progress.quests.groups.${status}`)}{" "}
              <span className="font-normal text-fg-muted">({format.number(items.length)})</span>
            </h3>
            {items.length === 0 ? (
              <p className="mt-2 text-sm text-fg-muted" data-testid={`quest-group-${status}-empty`}>
                {t(`progress.quests.empty.${status}`)}
              </p>
            ) : (
              <ul className="mt-3 grid gap-3 md:grid-cols-2">
                {items.map((quest) => (
                  <QuestItem
                    key={quest.id}
                    quest={quest}
                    onStart={onStart}
                    starting={starting}
                    slotsFull={slotsFull}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function QuestItem({
  quest,
  onStart,
  starting,
  slotsFull,
}: {
  quest: QuestView;
  onStart: (id: string) => void;
  starting: string | null;
  slotsFull: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const localized = useLocalized();
  const date = useDateFormat();
  const text = useQuestText()(quest);
  const tierName = localized(tierByName(quest.requiredTier).displayName);
  const percent =
    quest.progress.target > 0 ? (quest.progress.done / quest.progress.target) * 100 : 0;

  return (
    <li
      data-testid={`quest-${quest.id}`}
      data-status={quest.status}
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4"
    >
      <CardHead
        heading="h4"
        text={text}
        badges={
          <span className="flex gap-1.5">
            <Badge tone="neutral">{t(`progress.quests.difficulty.${quest.difficulty}`)}</Badge>
            {quest.status === "completed" ? (
              <Badge tone="success">{t("progress.quests.done")}</Badge>
            ) : null}
          </span>
        }
      />
      <p className="text-sm font-semibold text-fg" data-testid={`quest-reward-${quest.id}`}>
        {t("progress.quests.reward", {
          xp: format.number(quest.xpReward),
          tokens: format.number(quest.tokenReward),
        })}
      </p>
      {quest.status === "active" ? (
        <LimitBar
          label={t("progress.quests.progressLabel")}
          valueText={t("progress.quests.progressValue", {
            done: format.number(quest.progress.done),
            target: format.number(quest.progress.target),
          })}
          percent={percent}
          testId={`quest-progress-${quest.id}`}
        />
      ) : null}
      {quest.status === "completed" && quest.completedAt ? (
        <p className="text-sm text-fg-muted">
          {t("progress.quests.completedAt", { date: date(quest.completedAt) })}
        </p>
      ) : null}
      {quest.status === "available" ? (
        <div>
          <Button
            data-testid={`quest-start-${quest.id}`}
            onClick={() => onStart(quest.id)}
            disabled={starting !== null || slotsFull}
            aria-label={t("progress.quests.startLabel", { name: text.name })}
          >
            {starting === quest.id ? t("progress.quests.starting") : t("progress.quests.start")}
          </Button>
          {slotsFull ? (
            <p className="mt-1 text-xs text-fg-muted">{t("progress.quests.slotsFull")}</p>
          ) : null}
        </div>
      ) : null}
      {quest.status === "locked" ? (
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="warning">
            <span data-testid={`quest-locked-${quest.id}`}>
              {t("progress.quests.needsTier", { tier: tierName })}
            </span>
          </Badge>
          <ButtonLink
            to={`/tiers?upgrade=${quest.requiredTier}#plan`}
            variant="ghost"
            className="px-2 py-1"
            data-testid={`quest-upgrade-${quest.id}`}
          >
            {t("progress.quests.upgrade", { tier: tierName })}
          </ButtonLink>
        </div>
      ) : null}
    </li>
  );
}
