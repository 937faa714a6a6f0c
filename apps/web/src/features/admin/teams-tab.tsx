// The teams tab: every team with its owner, members and shared universes, searched and paged by the server.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { useDateFormat } from "../../lib/format-date";
import { useDebounced } from "../../lib/use-debounced";
import { FormAlert } from "../../ui/form-alert";
import { usePage } from "../../ui/paged-list";
import { adminApi, adminKeys } from "./api";
import { ConsoleSearch, ConsoleTab, ConsoleTableHead, LtrCell, ScrollTable } from "./console-tab";
import { ConsoleList } from "./list-state";

const PAGE_SIZE = 20;

export function TeamsTab() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const headingId = useId();
  const [typed, setTyped] = useState("");
  const q = useDebounced(typed.trim(), 300);
  const [page, setPage] = usePage(q);
  const params = { q, page, pageSize: PAGE_SIZE };
  const teams = useQuery({
    queryKey: adminKeys.teams(params),
    queryFn: ({ signal }) => adminApi.teams(params, signal),
    placeholderData: keepPreviousData,
    // A missing endpoint will not appear by asking again.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
  const missing = isApiError(teams.error) && teams.error.status === 404;

  return (
    <ConsoleTab headingId={headingId} title={t("adminConsole.teams.title")} testId="admin-teams">
      <div className="sm:w-80">
        <ConsoleSearch
          label={t("adminConsole.teams.search")}
          testId="admin-teams-search"
          value={typed}
          onChange={setTyped}
        />
      </div>
      <ConsoleList
        query={teams}
        testId="admin-teams"
        failure={
          missing ? (
            <FormAlert testId="admin-teams-missing">{t("adminConsole.teams.missing")}</FormAlert>
          ) : undefined
        }
        empty={{
          icon: "user",
          title: q === "" ? t("adminConsole.teams.emptyTitle") : t("adminConsole.noMatch"),
          body: t("adminConsole.teams.emptyBody"),
        }}
        paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(items) => (
          <ScrollTable labelledBy={headingId} minWidth="min-w-[48rem]" testId="admin-teams-table">
            <ConsoleTableHead
              columns={["name", "owner", "members", "shared", "created"]}
              label={(column) => t(`adminConsole.teams.columns.${column}`)}
            />
            <tbody className="divide-y divide-border">
              {items.map((team) => (
                <tr key={team.id} className="text-fg" data-testid="admin-team-row">
                  <td className="px-3 py-2 font-semibold" dir="auto">
                    {team.name}
                  </td>
                  <LtrCell>{team.ownerUsername}</LtrCell>
                  <td className="px-3 py-2">{team.memberCount}</td>
                  <td className="px-3 py-2">{team.sharedUniverses}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(team.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </ConsoleList>
    </ConsoleTab>
  );
}
