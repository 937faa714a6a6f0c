// The users table of the admin console: search, sort, pages, inline editing of roles, tier and world, confirmed delete.
import { ROLES, type Role } from "@aacos/domain/access";
import { TIER_NAMES, type TierName, WORLD_NAMES, type WorldName } from "@aacos/domain/catalog";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../lib/auth-api";
import { useAuthStore } from "../../lib/auth-store";
import { useDateFormat } from "../../lib/format-date";
import { translateMessage } from "../../lib/messages";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { Icon } from "../../ui/icon";
import { Loader } from "../../ui/loader";
import { adminApi, adminKeys, type UserListParams } from "./api";

const PAGE_SIZE = 20;
type SortColumn = UserListParams["sort"];

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function UsersTable() {
  const { t } = useTranslation();
  const captionId = useId();
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebounced(search, 300);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortColumn>("createdAt");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ key: "saved" | "deleted"; name: string } | null>(null);

  const params: UserListParams = {
    search: debouncedSearch,
    page,
    pageSize: PAGE_SIZE,
    sort,
    order,
  };
  const users = useQuery({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => adminApi.users(params, signal),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / PAGE_SIZE));

  // A new search starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced search changes
  useEffect(() => setPage(1), [debouncedSearch]);

  const sortBy = (column: SortColumn) => {
    if (column === sort) setOrder(order === "asc" ? "desc" : "asc");
    else {
      setSort(column);
      setOrder(column === "createdAt" ? "desc" : "asc");
    }
    setPage(1);
  };

  const columnLabel = (column: SortColumn) => t(`admin.users.${column}`);

  return (
    <Card>
      <section
        className="flex flex-col gap-4"
        data-testid="admin-users"
        aria-labelledby={captionId}
      >
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={captionId} className="text-xl font-bold text-fg">
            {t("admin.users.title")}
          </h2>
          <div className="w-full sm:w-72">
            <TextField
              label={t("admin.users.search")}
              type="search"
              testId="admin-users-search"
              placeholder={t("admin.users.searchHint")}
              dir="auto"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        {notice ? (
          <FormNotice testId="admin-users-notice">
            {t(`admin.users.${notice.key}`, { name: notice.name })}
          </FormNotice>
        ) : null}
        {users.isPending ? <Loader message={t("admin.users.loading")} /> : null}
        {users.isError ? (
          <FormAlert testId="admin-users-error">{t("admin.users.error")}</FormAlert>
        ) : null}
        {users.data ? (
          <>
            <p className="text-sm text-fg-muted" data-testid="admin-users-total">
              {t("admin.users.total", { count: users.data.total })}
            </p>
            <section
              className="overflow-x-auto rounded-xl border border-border"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
              aria-labelledby={captionId}
            >
              <table
                className="w-full min-w-[56rem] text-start text-sm"
                data-testid="admin-users-table"
              >
                <caption className="sr-only">
                  {t("admin.users.caption", {
                    column: columnLabel(sort),
                    order:
                      order === "asc" ? t("admin.users.ascending") : t("admin.users.descending"),
                  })}
                </caption>
                <thead className="bg-surface-muted text-fg">
                  <tr>
                    <SortHeader
                      column="email"
                      label={columnLabel("email")}
                      sort={sort}
                      order={order}
                      onSort={sortBy}
                    />
                    <SortHeader
                      column="username"
                      label={columnLabel("username")}
                      sort={sort}
                      order={order}
                      onSort={sortBy}
                    />
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("admin.users.roles")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("admin.users.tier")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("admin.users.world")}
                    </th>
                    <SortHeader
                      column="createdAt"
                      label={columnLabel("createdAt")}
                      sort={sort}
                      order={order}
                      onSort={sortBy}
                    />
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("admin.users.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {users.data.items.length === 0 ? (
                    <tr>
                      <td colSpan={7} className="px-3 py-6 text-center text-fg-muted">
                        {t("admin.users.empty")}
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
                          confirmingDelete={deleting === user.id}
                          onEdit={() => {
                            setNotice(null);
                            setDeleting(null);
                            setEditing(user.id);
                          }}
                          onAskDelete={() => {
                            setNotice(null);
                            setEditing(null);
                            setDeleting(user.id);
                          }}
                          onDeleteDone={(deleted) => {
                            setDeleting(null);
                            if (deleted) setNotice({ key: "deleted", name: user.username });
                          }}
                        />
                      ),
                    )
                  )}
                </tbody>
              </table>
            </section>
            <nav
              aria-label={t("admin.users.pagination")}
              className="flex items-center justify-between gap-3"
            >
              <Button
                variant="secondary"
                data-testid="admin-users-previous"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t("admin.users.previous")}
              </Button>
              <span
                className="text-sm text-fg-muted"
                data-testid="admin-users-page"
                aria-live="polite"
              >
                {t("admin.users.page", { page, pages })}
              </span>
              <Button
                variant="secondary"
                data-testid="admin-users-next"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t("admin.users.next")}
              </Button>
            </nav>
          </>
        ) : null}
      </section>
    </Card>
  );
}

function SortHeader({
  column,
  label,
  sort,
  order,
  onSort,
}: {
  column: SortColumn;
  label: string;
  sort: SortColumn;
  order: "asc" | "desc";
  onSort: (column: SortColumn) => void;
}) {
  const active = sort === column;
  return (
    <th
      scope="col"
      className="px-3 py-2 text-start"
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        data-testid={`admin-users-sort-${column}`}
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 font-semibold hover:text-accent-text"
      >
        {label}
        {active ? (
          <Icon name="chevronDown" className={`size-4 ${order === "asc" ? "rotate-180" : ""}`} />
        ) : null}
      </button>
    </th>
  );
}

function UserRow({
  user,
  confirmingDelete,
  onEdit,
  onAskDelete,
  onDeleteDone,
}: {
  user: AuthUser;
  confirmingDelete: boolean;
  onEdit: () => void;
  onAskDelete: () => void;
  onDeleteDone: (deleted: boolean) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const queryClient = useQueryClient();
  const me = useAuthStore((state) => state.user?.id);
  const remove = useMutation({
    mutationFn: () => adminApi.deleteUser(user.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.allUsers });
      onDeleteDone(true);
    },
  });
  return (
    <tr data-testid="admin-user-row" data-user-id={user.id} className="align-top text-fg">
      <td className="px-3 py-2" dir="ltr">
        <span className="block text-start">{user.email}</span>
      </td>
      <td className="px-3 py-2" dir="ltr">
        <span className="block text-start">
          {user.username}
          {user.id === me ? (
            <span className="ms-1 text-fg-muted">{`(${t("admin.users.you")})`}</span>
          ) : null}
        </span>
      </td>
      <td className="px-3 py-2">
        <span className="flex flex-wrap gap-1">
          {user.roles.map((role) => (
            <Badge key={role} tone={role === "admin" ? "primary" : "neutral"}>
              {role}
            </Badge>
          ))}
        </span>
      </td>
      <td className="px-3 py-2">{user.tier}</td>
      <td className="px-3 py-2">{user.world}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {user.createdAt ? formatDate(user.createdAt) : ""}
      </td>
      <td className="px-3 py-2">
        {confirmingDelete ? (
          <fieldset className="flex min-w-56 flex-col gap-2">
            <legend className="text-sm font-semibold text-error">
              {t("admin.users.confirmDelete", { name: user.username })}
            </legend>
            {remove.error ? (
              <FormAlert>{translateMessage(t, remove.error.message)}</FormAlert>
            ) : null}
            <div className="flex gap-2">
              <Button
                data-testid="admin-user-delete-confirm"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                {t("admin.users.confirmDeleteYes")}
              </Button>
              <Button variant="ghost" onClick={() => onDeleteDone(false)}>
                {t("common.cancel")}
              </Button>
            </div>
          </fieldset>
        ) : (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              data-testid="admin-user-edit"
              aria-label={t("admin.users.editLabel", { name: user.username })}
              onClick={onEdit}
            >
              {t("admin.users.edit")}
            </Button>
            <Button
              variant="ghost"
              data-testid="admin-user-delete"
              aria-label={t("admin.users.deleteLabel", { name: user.username })}
              onClick={onAskDelete}
            >
              {t("admin.users.delete")}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

function EditRow({ user, onDone }: { user: AuthUser; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
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

  const select = "rounded-lg border border-border bg-surface px-2 py-1.5 text-fg";
  return (
    <tr
      data-testid="admin-user-edit-row"
      data-user-id={user.id}
      className="bg-surface-muted align-top text-fg"
    >
      <td className="px-3 py-2" dir="ltr">
        <span className="block text-start">{user.email}</span>
      </td>
      <td className="px-3 py-2" dir="ltr">
        <span className="block text-start">{user.username}</span>
      </td>
      <td className="px-3 py-2">
        <fieldset>
          <legend className="sr-only">{t("admin.users.roles")}</legend>
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
                {role}
              </label>
            ))}
          </div>
        </fieldset>
      </td>
      <td className="px-3 py-2">
        <select
          aria-label={t("admin.users.tier")}
          data-testid="admin-user-tier"
          className={select}
          value={tier}
          onChange={(event) => setTier(event.target.value as TierName)}
        >
          {TIER_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2">
        <select
          aria-label={t("admin.users.world")}
          data-testid="admin-user-world"
          className={select}
          value={world}
          onChange={(event) => setWorld(event.target.value as WorldName)}
        >
          {WORLD_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2" />
      <td className="px-3 py-2">
        <div className="flex min-w-40 flex-col gap-2">
          {save.error ? <FormAlert>{translateMessage(t, save.error.message)}</FormAlert> : null}
          {roles.length === 0 ? (
            <p className="text-sm text-error">{t("messages.required")}</p>
          ) : null}
          <div className="flex gap-2">
            <Button
              data-testid="admin-user-save"
              disabled={save.isPending || roles.length === 0}
              onClick={() => save.mutate()}
            >
              {t("admin.users.save")}
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
