// The command history: one row per command (prompt, entities, status, tokens, duration, when), ten per page.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import type { Entity } from "../../lib/workspace-queries";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { Pager, usePagerTexts } from "../../ui/paged-list";
import { TableHead } from "../../ui/table-head";
import { TitledSection } from "../../ui/titled-section";
import { commandKeys, commandsApi, HISTORY_PAGE_SIZE } from "./api";

export function RunHistory({ entities }: { entities: Entity[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const pagerTexts = usePagerTexts("commandCenter.history.pager");
  const history = useQuery({
    queryKey: commandKeys.history(page),
    queryFn: ({ signal }) => commandsApi.history(page, signal),
    placeholderData: keepPreviousData,
  });
  const nameOf = (id: string) => entities.find((entity) => entity.id === id)?.name ?? "—";

  let body: ReactNode;
  if (history.data === undefined && history.isPending)
    body = <Loader message={t("common.loading")} />;
  else if (history.data === undefined)
    body = <FormAlert>{t("commandCenter.history.error")}</FormAlert>;
  else if (history.data.items.length === 0) {
    body = (
      <p className="text-fg-muted" data-testid="command-history-empty">
        {t("commandCenter.history.empty")}
      </p>
    );
  } else {
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm" data-testid="command-history">
            <TableHead
              rowClassName="border-b border-border text-start text-fg-muted"
              columns={["prompt", "entities", "status", "tokens", "duration", "when"]}
              label={(column) => t(`commandCenter.history.${column}`)}
              cellClassName="px-2 py-2 text-start font-semibold"
            />
            <tbody>
              {history.data.items.map((item) => (
                <tr
                  key={item.commandId}
                  className="border-b border-border align-top"
                  data-testid="command-history-row"
                  data-status={item.status}
                >
                  <td className="max-w-xs truncate px-2 py-2 text-fg" title={item.prompt}>
                    <bdi>{item.prompt}</bdi>
                  </td>
                  <td className="px-2 py-2 text-fg">
                    {item.entityIds.map((id, index) => (
                      <span key={id}>
                        {index > 0 ? ", " : null}
                        <bdi>{nameOf(id)}</bdi>
                      </span>
                    ))}
                  </td>
                  <td className="px-2 py-2 text-fg">{t(`commandCenter.status.${item.status}`)}</td>
                  <td className="px-2 py-2 tabular-nums text-fg">
                    {t("commandCenter.history.tokenCount", {
                      prompt: item.promptTokens,
                      completion: item.completionTokens,
                    })}
                  </td>
                  <td className="px-2 py-2 tabular-nums text-fg">
                    {t("commandCenter.history.seconds", {
                      seconds: (item.durationMs / 1000).toFixed(1),
                    })}
                  </td>
                  <td className="px-2 py-2 text-fg-muted">{date(item.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          page={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={history.data.total}
          onPage={setPage}
          testId="command-history-pager"
          texts={pagerTexts}
        />
      </>
    );
  }
  return (
    <TitledSection title={t("commandCenter.history.title")} className="flex flex-col gap-3">
      {body}
    </TitledSection>
  );
}
