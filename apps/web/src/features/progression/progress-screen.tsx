// /progress: the signed-in user's game layer — the progress panel, the XP history chart, milestones and badges,
// quests, community events and the leaderboard. Each metered GET is read once per visit; actions refresh what
// they change (and the progress record, whose changes show as toasts).
import type { WorldName } from "@aacos/domain/catalog";
import { worldByName } from "@aacos/domain/catalog";
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { errorText } from "../../lib/messages";
import { progressKeys, useProgress } from "../../lib/progress-query";
import { useQuestText } from "../../lib/quest-text";
import { useLocalized } from "../../lib/use-language";
import { useProgressSummary } from "../../lib/use-progress-summary";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { ProgressSummary } from "../../ui/progress-summary";
import { RetryAlert } from "../../ui/retry-alert";
import { AchievementsSection } from "./achievements-section";
import {
  type CommunityEventView,
  eventsQuery,
  leaderboardQuery,
  ledgerQuery,
  progressionApi,
  type QuestList,
  questsQuery,
} from "./api";
import { EventsSection } from "./events-section";
import { LeaderboardTable } from "./leaderboard-section";
import { QuestsSection } from "./quests-section";
import { XpChart } from "./xp-chart";

function Section({
  title,
  testId,
  children,
  action,
  className = "",
}: {
  title: string;
  testId: string;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <Card data-testid={testId} className={`flex flex-col gap-4 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-fg">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <RetryAlert message={t("progress.loadError")} onRetry={onRetry} stacked />;
}

/** A query's loader while it is pending, its failure with a retry, then what its data shows. */
function QueryContent<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader message={loading} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return children(query.data);
}

type Outcome = { kind: "error" | "done"; text: string };

/**
 * A quest's or an event's button action: starting it clears the last outcome, a failure becomes the outcome, and
 * `pendingId` is the card whose button shows busy meanwhile.
 */
function useCardAction<Result>(
  action: (id: string) => Promise<Result>,
  setMessage: (message: Outcome | null) => void,
  onDone: (result: Result) => Promise<void>,
) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: onDone,
    onError: (error) => setMessage({ kind: "error", text: errorText(t, error) }),
  });
  return {
    run: (id: string) => {
      setMessage(null);
      mutation.mutate(id);
    },
    pendingId: mutation.isPending ? (mutation.variables ?? null) : null,
  };
}

export function ProgressScreen() {
  const { t } = useTranslation();
  const questText = useQuestText();
  const localized = useLocalized();
  const client = useQueryClient();
  const user = useAuthStore((state) => state.user);
  const progress = useProgress(user !== null);
  const experience = progress.data?.experience;
  // The ledger needs the experience only when it is longer than a page (to place the latest page).
  const ledger = useQuery({ ...ledgerQuery(experience ?? 0), enabled: experience !== undefined });
  const quests = useQuery(questsQuery);
  const events = useQuery(eventsQuery);
  const [board, setBoard] = useState<WorldName | "all">("all");
  const leaderboard = useQuery(leaderboardQuery(board));
  const [message, setMessage] = useState<Outcome | null>(null);

  // When the record shows XP the chart has not drawn yet (after an action), the ledger is read again.
  const ledgerTotal =
    ledger.data === undefined
      ? undefined
      : ledger.data.xpBefore + ledger.data.items.reduce((sum, item) => sum + item.xp, 0);
  const ledgerBehind =
    ledgerTotal !== undefined && experience !== undefined && experience > ledgerTotal;
  const ledgerFetching = ledger.isFetching;
  // Only a change of the record's experience asks again; a ledger that still lags waits for the next action.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the experience the record shows
  useEffect(() => {
    if (ledgerBehind && !ledgerFetching) {
      void client.invalidateQueries({ queryKey: progressKeys.ledger });
    }
  }, [experience]);

  const startQuest = useCardAction(progressionApi.startQuest, setMessage, async (quest) => {
    client.setQueryData<QuestList>(progressKeys.quests, (list) =>
      list === undefined
        ? list
        : {
            items: list.items.map((item) => (item.id === quest.id ? quest : item)),
            slots: {
              ...list.slots,
              used: list.slots.used + (quest.status === "active" ? 1 : 0),
            },
          },
    );
    setMessage({
      kind: "done",
      text: t("progress.quests.started", { name: questText(quest).name }),
    });
    await client.invalidateQueries({ queryKey: progressKeys.me });
  });

  const joinEvent = useCardAction(progressionApi.joinEvent, setMessage, async (event) => {
    client.setQueryData<{ items: CommunityEventView[] }>(progressKeys.events, (list) =>
      list === undefined
        ? list
        : { items: list.items.map((item) => (item.id === event.id ? event : item)) },
    );
    setMessage({ kind: "done", text: t("progress.events.joined", { name: event.name }) });
    // Joining completes the join_event quest when it is active: the record and the quests may change.
    await client.invalidateQueries({ queryKey: progressKeys.me });
    await client.invalidateQueries({ queryKey: progressKeys.quests });
  });

  if (user === null) return null;
  const userWorld = user.world;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="progress-screen">
      <PageHeading title={t("progress.title")} lead={t("progress.lead")} />

      <Card data-testid="progress-panel" data-world={progress.data?.currentWorld ?? userWorld}>
        <h2 className="text-lg font-bold text-fg">
          {t("tiers.progress.memberTitle", {
            world: localized(worldByName(progress.data?.currentWorld ?? userWorld).displayName),
          })}
        </h2>
        <QueryContent query={progress} loading={t("tiers.progress.loading")}>
          {(record) => <PanelFigures record={record} />}
        </QueryContent>
      </Card>

      {message ? (
        <div className="mt-4" data-testid="progress-action-status">
          {message.kind === "error" ? (
            <FormAlert>{message.text}</FormAlert>
          ) : (
            <p role="status" className="text-sm font-semibold text-success">
              {message.text}
            </p>
          )}
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Section title={t("progress.chart.heading")} testId="xp-history" className="lg:col-span-2">
          <QueryContent query={ledger} loading={t("progress.chart.loading")}>
            {(history) => <XpChart history={history} />}
          </QueryContent>
        </Section>
        <Section title={t("progress.achievements")} testId="achievements">
          {progress.data ? (
            <AchievementsSection progress={progress.data} />
          ) : progress.isError ? (
            <p className="text-fg-muted">{t("progress.loadError")}</p>
          ) : (
            <Loader message={t("tiers.progress.loading")} />
          )}
        </Section>
      </div>

      <div className="mt-6 flex flex-col gap-6">
        <Section title={t("progress.quests.title")} testId="quests">
          <QueryContent query={quests} loading={t("progress.quests.loading")}>
            {(list) => (
              <QuestsSection
                quests={list}
                onStart={startQuest.run}
                starting={startQuest.pendingId}
              />
            )}
          </QueryContent>
        </Section>

        <Section title={t("progress.events.title")} testId="events">
          <QueryContent query={events} loading={t("progress.events.loading")}>
            {(list) => (
              <EventsSection
                events={list.items}
                onJoin={joinEvent.run}
                joining={joinEvent.pendingId}
              />
            )}
          </QueryContent>
        </Section>

        <Section
          title={t("progress.leaderboard.title")}
          testId="leaderboard-section"
          action={
            <fieldset className="flex gap-1 rounded-xl border border-border p-1">
              <legend className="sr-only">{t("progress.leaderboard.scope")}</legend>
              {(["all", userWorld] as const).map((scope) => (
                <button
                  key={scope}
                  type="button"
                  data-testid={`leaderboard-scope-${scope === "all" ? "all" : "world"}`}
                  aria-pressed={board === scope}
                  onClick={() => setBoard(scope)}
                  className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${board === scope ? "bg-accent text-on-accent" : "text-fg-muted hover:text-fg"}`}
                >
                  {scope === "all"
                    ? t("progress.leaderboard.overall")
                    : t("progress.leaderboard.myWorld", {
                        world: localized(worldByName(userWorld).displayName),
                      })}
                </button>
              ))}
            </fieldset>
          }
        >
          <QueryContent query={leaderboard} loading={t("progress.leaderboard.loading")}>
            {(entries) => <LeaderboardTable board={entries} userId={user.id} />}
          </QueryContent>
        </Section>
      </div>
    </div>
  );
}

function PanelFigures({ record }: { record: Parameters<typeof useProgressSummary>[0] }) {
  return <ProgressSummary {...useProgressSummary(record)} />;
}
