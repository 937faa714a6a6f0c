// One row of the users tab: who, roles, plan, world, status, dates, and the buttons to edit, suspend, reactivate,
// sign out everywhere or delete (the confirmation is the table's).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { roleText, tierText, worldText } from "../../lib/server-words";
import { useLanguage } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { type AdminUser, adminApi, adminKeys } from "./api";
import type { UserAction } from "./user-action-dialog";

const TEST_IDS = {
  edit: "admin-user-edit",
  reactivate: "admin-user-reactivate",
  suspend: "admin-user-suspend",
  signOut: "admin-user-sign-out",
  delete: "admin-user-delete",
} as const;

/** One of the row's small buttons; its accessible name says whose account it acts on. */
function ActionButton({
  action,
  name,
  disabled,
  onClick,
}: {
  action: keyof typeof TEST_IDS;
  name: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      className="px-2 py-1 text-xs"
      data-testid={TEST_IDS[action]}
      aria-label={t(`adminConsole.users.actions.${action}Label`, { name })}
      disabled={disabled}
      onClick={onClick}
    >
      {t(`adminConsole.users.actions.${action}`)}
    </Button>
  );
}

/** A row's first cell: the username (and what `children` add after it) over the email, left to right. */
export function UserCell({ user, children }: { user: AdminUser; children?: ReactNode }) {
  return (
    <td className="px-3 py-2" dir="ltr">
      <span className="block text-start font-semibold break-all">
        {user.username}
        {children}
      </span>
      <span className="block text-start text-xs break-all text-fg-muted">{user.email}</span>
    </td>
  );
}

export function UserRow({
  user,
  onEdit,
  onAction,
  onReactivated,
}: {
  user: AdminUser;
  onEdit: () => void;
  onAction: (action: UserAction) => void;
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
      <UserCell user={user}>
        {isMe ? (
          <span className="ms-1 font-normal text-fg-muted">{`(${t("adminConsole.users.you")})`}</span>
        ) : null}
      </UserCell>
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
          <ActionButton action="edit" name={user.username} onClick={onEdit} />
          {suspended ? (
            <ActionButton
              action="reactivate"
              name={user.username}
              disabled={reactivate.isPending}
              onClick={() => reactivate.mutate()}
            />
          ) : (
            <ActionButton
              action="suspend"
              name={user.username}
              disabled={isMe}
              onClick={() => onAction("suspend")}
            />
          )}
          <ActionButton action="signOut" name={user.username} onClick={() => onAction("signOut")} />
          <ActionButton action="delete" name={user.username} onClick={() => onAction("delete")} />
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
