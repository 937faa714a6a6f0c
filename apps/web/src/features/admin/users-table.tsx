// The users tab: search, filters (role, plan, world, status), sorting and paging done by the server; the rows, their
// inline editing and the confirmation of an action live beside it (user-row, user-edit-row, user-action-dialog).
import { USER_SORTS, type UserSort } from "@aacos/domain/admin-console";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorText } from "../../lib/messages";
import { Button } from "../../ui/button";
import { FormNotice } from "../../ui/form-alert";
import { SelectField } from "../../ui/form-field";
import { Icon } from "../../ui/icon";
import { Pager, QueryState } from "../../ui/paged-list";
import { type AdminUser, adminApi, adminKeys } from "./api";
import { ConsoleSearch, ConsoleTab, ConsoleTableHead, ScrollTable } from "./console-tab";
import { useConsoleListTexts } from "./list-state";
import { type UserAction, UserActionDialog } from "./user-action-dialog";
import { ChoiceOptions, type UserChoices, useUserChoices } from "./user-choices";
import { UserEditRow } from "./user-edit-row";
import { UserRow } from "./user-row";
import {
  changeUserFilters,
  DEFAULT_USER_FILTERS,
  hasUserFilters,
  readUserFilters,
  sortUsersBy,
  USERS_PAGE_SIZE,
  type UserFilters,
  userListQuery,
  writeUserFilters,
} from "./users-filters";

type Notice = { key: UserAction | "reactivate" | "saved"; name: string };

/** The table's columns; the sortable ones head with a sort button. */
const USER_COLUMNS = [
  "username",
  "roles",
  "plan",
  "status",
  "lastSignIn",
  "createdAt",
  "actions",
] as const;

/** The filters picked from a list, in the form's order. */
const CHOICE_FILTERS = [
  "role",
  "tier",
  "world",
  "status",
] as const satisfies readonly (keyof UserFilters & keyof UserChoices)[];

function isSortable(column: string): column is UserSort {
  return (USER_SORTS as readonly string[]).includes(column);
}

export function UsersTable() {
  const { t } = useTranslation();
  const listTexts = useConsoleListTexts();
  const choices = useUserChoices();
  const captionId = useId();
  const [params, setParams] = useSearchParams();
  const filters = readUserFilters(params);
  const setFilters = (next: UserFilters) => setParams((current) => writeUserFilters(current, next));
  // From the address as it is when the change lands (the debounced search may land after another change).
  const change = (part: Partial<UserFilters>) =>
    setParams((current) =>
      writeUserFilters(current, changeUserFilters(readUserFilters(current), part)),
    );

  // The search box types freely; the address (and the query) follow a moment later.
  const [search, setSearch] = useState(filters.search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles
  useEffect(() => {
    if (search.trim() === filters.search.trim()) return;
    const timer = setTimeout(() => change({ search }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ action: UserAction; user: AdminUser } | null>(
    null,
  );
  const [notice, setNotice] = useState<Notice | null>(null);

  const query = userListQuery(filters);
  const users = useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => adminApi.users(query, signal),
    placeholderData: keepPreviousData,
  });

  const sortHeader = (column: UserSort) => (
    <SortHeader
      column={column}
      label={t(`adminConsole.users.columns.${column}`)}
      filters={filters}
      onSort={() => setFilters(sortUsersBy(filters, column))}
    />
  );

  return (
    <ConsoleTab
      headingId={captionId}
      title={t("adminConsole.users.title")}
      testId="admin-users"
      drawer={
        confirming ? (
          <UserActionDialog
            action={confirming.action}
            user={confirming.user}
            onClose={(done) => {
              setConfirming(null);
              if (done) setNotice({ key: confirming.action, name: confirming.user.username });
            }}
          />
        ) : null
      }
    >
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(event) => event.preventDefault()}
        aria-label={t("adminConsole.users.filters")}
      >
        <div className="sm:col-span-2">
          <ConsoleSearch
            label={t("adminConsole.users.search")}
            testId="admin-users-search"
            placeholder={t("adminConsole.users.searchHint")}
            value={search}
            onChange={setSearch}
          />
        </div>
        {CHOICE_FILTERS.map((key) => (
          <SelectField
            key={key}
            label={t(`adminConsole.users.${key}`)}
            testId={`admin-users-${key}`}
            value={filters[key]}
            // The select offers only the list's names (or "any"), so the value fits the filter.
            onChange={(event) => change({ [key]: event.target.value } as Partial<UserFilters>)}
          >
            <option value="">{t("adminConsole.users.any")}</option>
            <ChoiceOptions choices={choices[key]} />
          </SelectField>
        ))}
      </form>
      {hasUserFilters(filters) ? (
        <div>
          <Button
            variant="ghost"
            data-testid="admin-users-clear"
            onClick={() => {
              setSearch("");
              setFilters(DEFAULT_USER_FILTERS);
            }}
          >
            {t("adminConsole.users.clear")}
          </Button>
        </div>
      ) : null}
      {notice ? (
        <FormNotice testId="admin-users-notice">
          {t(`adminConsole.users.done.${notice.key}`, { name: notice.name })}
        </FormNotice>
      ) : null}
      <QueryState
        query={users}
        loading={t("adminConsole.users.loading")}
        failed={(error) => `${t("adminConsole.users.error")} ${errorText(t, error)}`}
        errorTestId="admin-users-error"
      />
      {users.data ? (
        <>
          <p className="text-sm text-fg-muted" data-testid="admin-users-total">
            {t("adminConsole.users.total", { count: users.data.total })}
          </p>
          <ScrollTable labelledBy={captionId} minWidth="min-w-[60rem]" testId="admin-users-table">
            <caption className="sr-only">
              {t("adminConsole.users.caption", {
                column: t(`adminConsole.users.columns.${filters.sort}`),
                order:
                  filters.order === "asc"
                    ? t("adminConsole.users.ascending")
                    : t("adminConsole.users.descending"),
              })}
            </caption>
            <ConsoleTableHead
              columns={USER_COLUMNS}
              label={(column) => t(`adminConsole.users.columns.${column}`)}
              header={(column) => (isSortable(column) ? sortHeader(column) : undefined)}
            />
            <tbody className="divide-y divide-border">
              {users.data.items.length === 0 ? (
                <tr>
                  <td
                    colSpan={7}
                    className="px-3 py-6 text-center text-fg-muted"
                    data-testid="admin-users-empty"
                  >
                    {hasUserFilters(filters)
                      ? t("adminConsole.users.noMatch")
                      : t("adminConsole.users.empty")}
                  </td>
                </tr>
              ) : (
                users.data.items.map((user) =>
                  editing === user.id ? (
                    <UserEditRow
                      key={user.id}
                      user={user}
                      onDone={(saved) => {
                        setEditing(null);
                        if (saved) setNotice({ key: "saved", name: user.username });
                      }}
                    />
                  ) : (
                    <UserRow
                      key={user.id}
                      user={user}
                      onEdit={() => {
                        setNotice(null);
                        setEditing(user.id);
                      }}
                      onAction={(action) => {
                        setNotice(null);
                        setConfirming({ action, user });
                      }}
                      onReactivated={() => setNotice({ key: "reactivate", name: user.username })}
                    />
                  ),
                )
              )}
            </tbody>
          </ScrollTable>
          <Pager
            page={filters.page}
            pageSize={USERS_PAGE_SIZE}
            total={users.data.total}
            onPage={(page) => change({ page })}
            texts={listTexts.pager}
            testId="admin-users-pager"
          />
        </>
      ) : null}
    </ConsoleTab>
  );
}

function SortHeader({
  column,
  label,
  filters,
  onSort,
}: {
  column: UserSort;
  label: string;
  filters: UserFilters;
  onSort: () => void;
}) {
  const active = filters.sort === column;
  return (
    <th
      scope="col"
      className="px-3 py-2 text-start"
      aria-sort={active ? (filters.order === "asc" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        data-testid={`admin-users-sort-${column}`}
        onClick={onSort}
        className="inline-flex items-center gap-1 font-semibold whitespace-nowrap hover:text-accent-text"
      >
        {label}
        {active ? (
          <Icon
            name="chevronDown"
            className={`size-4 ${filters.order === "asc" ? "rotate-180" : ""}`}
          />
        ) : null}
      </button>
    </th>
  );
}
