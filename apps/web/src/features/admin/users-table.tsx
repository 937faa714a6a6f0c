// The users tab: search, filters (role, plan, world, status), sorting and paging done by the server; inline editing of
// roles, plan and world; suspend, reactivate, sign out everywhere and delete behind a confirmation.
import { permissionsForRoles, ROLES, type Role } from "@aacos/domain/access";
import { USER_STATUSES, type UserSort } from "@aacos/domain/admin-console";
import { TIER_NAMES, type TierName, WORLD_NAMES, type WorldName } from "@aacos/domain/catalog";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { permissionText, roleText, tierText, worldText } from "../../lib/server-words";
import { useLanguage } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { SelectField, TextField } from "../../ui/form-field";
import { Icon } from "../../ui/icon";
import { Loader } from "../../ui/loader";
import { Pager } from "../../ui/paged-list";
import { type AdminUser, adminApi, adminKeys } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { useConsoleListTexts } from "./list-state";
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

type Action = "suspend" | "signOut" | "delete";
type Notice = { key: Action | "reactivate" | "saved"; name: string };

export function UsersTable() {
  const { t } = useTranslation();
  const listTexts = useConsoleListTexts();
  const language = useLanguage();
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
  const [confirming, setConfirming] = useState<{ action: Action; user: AdminUser } | null>(null);
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
    <Card>
      <section
        className="flex flex-col gap-4"
        data-testid="admin-users"
        aria-labelledby={captionId}
      >
        <h2 id={captionId} className="text-xl font-bold text-fg">
          {t("adminConsole.users.title")}
        </h2>
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
          onSubmit={(event) => event.preventDefault()}
          aria-label={t("adminConsole.users.filters")}
        >
          <div className="sm:col-span-2">
            <TextField
              label={t("adminConsole.users.search")}
              type="search"
              testId="admin-users-search"
              placeholder={t("adminConsole.users.searchHint")}
              dir="auto"
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <SelectField
            label={t("adminConsole.users.role")}
            testId="admin-users-role"
            value={filters.role}
            onChange={(event) => change({ role: event.target.value as UserFilters["role"] })}
          >
            <option value="">{t("adminConsole.users.any")}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleText(t, role)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("adminConsole.users.tier")}
            testId="admin-users-tier"
            value={filters.tier}
            onChange={(event) => change({ tier: event.target.value as UserFilters["tier"] })}
          >
            <option value="">{t("adminConsole.users.any")}</option>
            {TIER_NAMES.map((name) => (
              <option key={name} value={name}>
                {tierText(name, language)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("adminConsole.users.world")}
            testId="admin-users-world"
            value={filters.world}
            onChange={(event) => change({ world: event.target.value as UserFilters["world"] })}
          >
            <option value="">{t("adminConsole.users.any")}</option>
            {WORLD_NAMES.map((name) => (
              <option key={name} value={name}>
                {worldText(name, language)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("adminConsole.users.status")}
            testId="admin-users-status"
            value={filters.status}
            onChange={(event) => change({ status: event.target.value as UserFilters["status"] })}
          >
            <option value="">{t("adminConsole.users.any")}</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`adminConsole.users.statuses.${status}`)}
              </option>
            ))}
          </SelectField>
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
        {users.isPending ? <Loader message={t("adminConsole.users.loading")} /> : null}
        {users.isError ? (
          <FormAlert testId="admin-users-error">
            {t("adminConsole.users.error")} {errorText(t, users.error)}
          </FormAlert>
        ) : null}
        {users.data ? (
          <>
            <p className="text-sm text-fg-muted" data-testid="admin-users-total">
              {t("adminConsole.users.total", { count: users.data.total })}
            </p>
            <section
              className="overflow-x-auto rounded-xl border border-border"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
              aria-labelledby={captionId}
            >
              <table
                className="w-full min-w-[60rem] text-start text-sm"
                data-testid="admin-users-table"
              >
                <caption className="sr-only">
                  {t("adminConsole.users.caption", {
                    column: t(`adminConsole.users.columns.${filters.sort}`),
                    order:
                      filters.order === "asc"
                        ? t("adminConsole.users.ascending")
                        : t("adminConsole.users.descending"),
                  })}
                </caption>
                <thead className="bg-surface-muted text-fg">
                  <tr>
                    {sortHeader("username")}
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("adminConsole.users.columns.roles")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("adminConsole.users.columns.plan")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("adminConsole.users.columns.status")}
                    </th>
                    {sortHeader("lastSignIn")}
                    {sortHeader("createdAt")}
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("adminConsole.users.columns.actions")}
                    </th>
                  </tr>
                </thead>
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
                        <EditRow
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
                          onReactivated={() =>
                            setNotice({ key: "reactivate", name: user.username })
                          }
                        />
                      ),
                    )
                  )}
                </tbody>
              </table>
            </section>
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
      </section>
      {confirming ? (
        <ActionDialog
          action={confirming.action}
          user={confirming.user}
          onClose={(done) => {
            setConfirming(null);
            if (done) setNotice({ key: confirming.action, name: confirming.user.username });
          }}
        />
      ) : null}
    </Card>
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

const SMALL = "px-2 py-1 text-xs";

function UserRow({
  user,
  onEdit,
  onAction,
  onReactivated,
}: {
  user: AdminUser;
  onEdit: () => void;
  onAction: (action: Action) => void;
  onReactivated: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatDate = useDateFormat();
  const me = useAuthStore((state) => state.user?.id);
  const queryClient = useQueryClient();
  const reactivate = useMutation({
    mutationFn: () => adminApi.reactivateUser(user.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.allUsers });
      onReactivated();
    },
  });
  const suspended = user.suspendedAt !== null;
  const isMe = user.id === me;
  return (
    <tr
      data-testid="admin-user-row"
      data-user-id={user.id}
      data-username={user.username}
      className={`align-top text-fg ${suspended ? "bg-surface-muted" : ""}`}
    >
      <td className="px-3 py-2" dir="ltr">
        <span className="block text-start font-semibold break-all">
          {user.username}
          {isMe ? (
            <span className="ms-1 font-normal text-fg-muted">{`(${t("adminConsole.users.you")})`}</span>
          ) : null}
        </span>
        <span className="block text-start text-xs break-all text-fg-muted">{user.email}</span>
      </td>
      <td className="px-3 py-2">
        <span className="flex flex-wrap gap-1">
          {user.roles.map((role) => (
            <Badge key={role} tone={role === "admin" ? "primary" : "neutral"}>
              {roleText(t, role)}
            </Badge>
          ))}
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {tierText(user.tier, language)} · {worldText(user.world, language)}
      </td>
      <td className="px-3 py-2" data-testid="admin-user-status">
        {suspended ? (
          <Badge tone="warning">{t("adminConsole.users.statuses.suspended")}</Badge>
        ) : (
          <Badge tone="success">{t("adminConsole.users.statuses.active")}</Badge>
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {user.lastSignInAt ? formatDate(user.lastSignInAt) : t("adminConsole.users.never")}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(user.createdAt)}</td>
      <td className="px-3 py-2">
        <div className="flex min-w-60 flex-wrap gap-1">
          <Button
            variant="ghost"
            className={SMALL}
            data-testid="admin-user-edit"
            aria-label={t("adminConsole.users.actions.editLabel", { name: user.username })}
            onClick={onEdit}
          >
            {t("adminConsole.users.actions.edit")}
          </Button>
          {suspended ? (
            <Button
              variant="ghost"
              className={SMALL}
              data-testid="admin-user-reactivate"
              aria-label={t("adminConsole.users.actions.reactivateLabel", { name: user.username })}
              disabled={reactivate.isPending}
              onClick={() => reactivate.mutate()}
            >
              {t("adminConsole.users.actions.reactivate")}
            </Button>
          ) : (
            <Button
              variant="ghost"
              className={SMALL}
              data-testid="admin-user-suspend"
              aria-label={t("adminConsole.users.actions.suspendLabel", { name: user.username })}
              disabled={isMe}
              onClick={() => onAction("suspend")}
            >
              {t("adminConsole.users.actions.suspend")}
            </Button>
          )}
          <Button
            variant="ghost"
            className={SMALL}
            data-testid="admin-user-sign-out"
            aria-label={t("adminConsole.users.actions.signOutLabel", { name: user.username })}
            onClick={() => onAction("signOut")}
          >
            {t("adminConsole.users.actions.signOut")}
          </Button>
          <Button
            variant="ghost"
            className={SMALL}
            data-testid="admin-user-delete"
            aria-label={t("adminConsole.users.actions.deleteLabel", { name: user.username })}
            onClick={() => onAction("delete")}
          >
            {t("adminConsole.users.actions.delete")}
          </Button>
        </div>
        {reactivate.error ? (
          <p className="mt-1 text-xs text-error" role="alert">
            {errorText(t, reactivate.error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

function ActionDialog({
  action,
  user,
  onClose,
}: {
  action: Action;
  user: AdminUser;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async () => {
      if (action === "suspend") await adminApi.suspendUser(user.id);
      else if (action === "signOut") await adminApi.signOutEverywhere(user.id);
      else await adminApi.deleteUser(user.id);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.allUsers });
      onClose(true);
    },
  });
  return (
    <ConfirmDialog
      title={t(`adminConsole.users.confirm.${action}.title`, { name: user.username })}
      body={t(`adminConsole.users.confirm.${action}.body`, { name: user.username })}
      confirmLabel={t(`adminConsole.users.confirm.${action}.yes`)}
      pending={run.isPending}
      error={run.error?.message ?? null}
      onConfirm={() => run.mutate()}
      onCancel={() => onClose(false)}
    />
  );
}

function EditRow({ user, onDone }: { user: AdminUser; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [tier, setTier] = useState<TierName>(user.tier);
  const [world, setWorld] = useState<WorldName>(user.world);
  const save = useMutation({
    mutationFn: () => adminApi.updateUser(user.id, { roles, tier, world }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.allUsers });
      onDone(true);
    },
  });
  const toggleRole = (role: Role, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((r) => r !== role)));
  const permissions = permissionsForRoles(roles);

  const select = "rounded-lg border border-border bg-surface px-2 py-1.5 text-fg";
  return (
    <tr
      data-testid="admin-user-edit-row"
      data-user-id={user.id}
      className="bg-surface-muted align-top text-fg"
    >
      <td className="px-3 py-2" dir="ltr">
        <span className="block text-start font-semibold break-all">{user.username}</span>
        <span className="block text-start text-xs break-all text-fg-muted">{user.email}</span>
      </td>
      <td className="px-3 py-2">
        <fieldset>
          <legend className="sr-only">{t("adminConsole.users.columns.roles")}</legend>
          <div className="flex flex-col gap-1">
            {ROLES.map((role) => (
              <label key={role} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  data-testid={`admin-user-role-${role}`}
                  checked={roles.includes(role)}
                  onChange={(event) => toggleRole(role, event.target.checked)}
                  className="size-4 accent-primary"
                />
                {roleText(t, role)}
              </label>
            ))}
          </div>
        </fieldset>
        <p
          className="mt-2 text-xs text-fg-muted"
          data-testid="admin-user-permissions"
          title={permissions.length > 0 ? permissions.join(", ") : undefined}
        >
          {t("adminConsole.users.permissions", {
            list:
              permissions.length > 0
                ? permissions.map((permission) => permissionText(t, permission)).join(", ")
                : t("adminConsole.users.none"),
          })}
        </p>
      </td>
      <td className="px-3 py-2" colSpan={2}>
        <div className="flex flex-col gap-2">
          <select
            aria-label={t("adminConsole.users.tier")}
            data-testid="admin-user-tier"
            className={select}
            value={tier}
            onChange={(event) => setTier(event.target.value as TierName)}
          >
            {TIER_NAMES.map((name) => (
              <option key={name} value={name}>
                {tierText(name, language)}
              </option>
            ))}
          </select>
          <select
            aria-label={t("adminConsole.users.world")}
            data-testid="admin-user-world"
            className={select}
            value={world}
            onChange={(event) => setWorld(event.target.value as WorldName)}
          >
            {WORLD_NAMES.map((name) => (
              <option key={name} value={name}>
                {worldText(name, language)}
              </option>
            ))}
          </select>
        </div>
      </td>
      <td className="px-3 py-2" colSpan={2} />
      <td className="px-3 py-2">
        <div className="flex min-w-40 flex-col gap-2">
          {save.error ? <FormAlert>{errorText(t, save.error)}</FormAlert> : null}
          {roles.length === 0 ? (
            <p className="text-sm text-error">{t("messages.required")}</p>
          ) : null}
          <div className="flex gap-2">
            <Button
              data-testid="admin-user-save"
              disabled={save.isPending || roles.length === 0}
              onClick={() => save.mutate()}
            >
              {t("common.save")}
            </Button>
            <Button variant="ghost" data-testid="admin-user-cancel" onClick={() => onDone(false)}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      </td>
    </tr>
  );
}
