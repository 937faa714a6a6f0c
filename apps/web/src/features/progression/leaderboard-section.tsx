// The leaderboard: the top 100 by XP, overall or in the user's world; the user's own row is highlighted, and a
// separate "You: #N" row follows when they are outside the top 100.
import { useTranslation } from "react-i18next";
import { useFormatters } from "../../lib/use-language";
import { TableHead } from "../../ui/table-head";
import type { Leaderboard } from "./api";

export function LeaderboardTable({ board, userId }: { board: Leaderboard; userId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const listed = board.entries.some((entry) => entry.userId === userId);

  if (board.entries.length === 0) {
    return (
      <p className="text-fg-muted" data-testid="leaderboard-empty">
        {t("progress.leaderboard.empty")}
      </p>
    );
  }

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="leaderboard">
        <caption className="sr-only">{t("progress.leaderboard.caption")}</caption>
        <TableHead
          rowClassName="border-b border-border text-start text-fg-muted"
          columns={["position", "user", "rank", "experience"]}
          label={(column) => t(`progress.leaderboard.${column}`)}
          cellClassName={(column) =>
            column === "experience"
              ? "py-2 text-end font-semibold"
              : "py-2 pe-3 text-start font-semibold"
          }
        />
        <tbody>
          {board.entries.map((entry) => {
            const mine = entry.userId === userId;
            return (
              <tr
                key={entry.userId}
                data-testid={mine ? "leaderboard-row-me" : "leaderboard-row"}
                data-position={entry.position}
                aria-current={mine ? "true" : undefined}
                className={`border-b border-border ${mine ? "bg-surface-muted font-bold text-accent-text" : "text-fg"}`}
              >
                <td className="py-2 pe-3 tabular-nums">#{format.number(entry.position)}</td>
                <td className="py-2 pe-3">
                  <span dir="auto" translate="no">
                    {entry.username}
                  </span>
                  {mine ? (
                    <span className="ms-2 text-xs font-semibold">
                      {t("progress.leaderboard.you")}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pe-3">{t(`tiers.ranks.${entry.rank}`)}</td>
                <td className="py-2 text-end tabular-nums">{format.number(entry.experience)}</td>
              </tr>
            );
          })}
        </tbody>
        {!listed && board.me.position !== null ? (
          <tfoot>
            <tr
              data-testid="leaderboard-me-outside"
              data-position={board.me.position}
              aria-current="true"
              className="bg-surface-muted font-bold text-accent-text"
            >
              <td className="py-2 pe-3" colSpan={3}>
                {t("progress.leaderboard.meOutside", {
                  position: format.number(board.me.position),
                })}
              </td>
              <td className="py-2 text-end tabular-nums">{format.number(board.me.experience)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
