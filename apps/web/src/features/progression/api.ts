// Calls of the progress page: the XP ledger, quests, community events and the leaderboard (apps/server
// features/progression/routes.ts). Every GET is metered, so each is read once per visit and refreshed after actions.
import type { WorldName } from "@aacos/domain/catalog";
import type {
  CommunityEventView,
  Leaderboard,
  LedgerItem,
  ListOf,
  PageOf,
  QuestList,
  QuestView,
  ReplyOf,
} from "@aacos/domain/replies";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../lib/api-client";
import { PROGRESS_STALE_MS, progressKeys } from "../../lib/progress-query";

export type {
  CommunityEventView,
  EventLeader,
  Leaderboard,
  LeaderboardEntry,
  LedgerItem,
  QuestList,
  QuestView,
} from "@aacos/domain/replies";

/** The chart's rows: the whole ledger when it fits one page, else the latest page, with the total. */
export interface LedgerHistory {
  items: LedgerItem[];
  total: number;
  /** XP earned before the first row shown (0 when the whole ledger is shown). */
  xpBefore: number;
}

export const LEDGER_PAGE_SIZE = 100;

/**
 * The ledger is oldest first. One page holds up to 100 rows; a longer ledger costs a second call for its latest page,
 * whose starting XP is the sum of the rows before it: the experience then, minus what the page itself adds.
 */
async function readHistory(currentExperience: number, signal: AbortSignal): Promise<LedgerHistory> {
  const first = await apiGet<PageOf<typeof LedgerItem>>(
    `/progress/ledger?page=1&pageSize=${LEDGER_PAGE_SIZE}`,
    signal,
  );
  if (first.total <= LEDGER_PAGE_SIZE) return { ...first, xpBefore: 0 };
  const lastPage = Math.ceil(first.total / LEDGER_PAGE_SIZE);
  const last = await apiGet<PageOf<typeof LedgerItem>>(
    `/progress/ledger?page=${lastPage}&pageSize=${LEDGER_PAGE_SIZE}`,
    signal,
  );
  const pageXp = last.items.reduce((sum, item) => sum + item.xp, 0);
  return {
    items: last.items,
    total: last.total,
    xpBefore: Math.max(0, currentExperience - pageXp),
  };
}

export const ledgerQuery = (currentExperience: number) =>
  queryOptions({
    queryKey: progressKeys.ledger,
    queryFn: ({ signal }) => readHistory(currentExperience, signal),
    staleTime: PROGRESS_STALE_MS,
  });

export const questsQuery = queryOptions({
  queryKey: progressKeys.quests,
  queryFn: ({ signal }) => apiGet<QuestList>("/quests", signal),
  staleTime: PROGRESS_STALE_MS,
});

export const eventsQuery = queryOptions({
  queryKey: progressKeys.events,
  queryFn: ({ signal }) => apiGet<ListOf<typeof CommunityEventView>>("/events", signal),
  staleTime: PROGRESS_STALE_MS,
});

export const leaderboardQuery = (world: WorldName | "all") =>
  queryOptions({
    queryKey: progressKeys.leaderboard(world),
    queryFn: ({ signal }) =>
      apiGet<Leaderboard>(world === "all" ? "/leaderboard" : `/leaderboard?world=${world}`, signal),
    staleTime: PROGRESS_STALE_MS,
  });

export const progressionApi = {
  startQuest: (id: string) =>
    apiPost<ReplyOf<"quest", typeof QuestView>>(`/quests/${encodeURIComponent(id)}/start`).then(
      (reply) => reply.quest,
    ),
  joinEvent: (id: string) =>
    apiPost<ReplyOf<"event", typeof CommunityEventView>>(
      `/events/${encodeURIComponent(id)}/join`,
    ).then((reply) => reply.event),
};
