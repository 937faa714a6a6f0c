// One row of the users tab: who, roles, plan, world, status, dates, and the buttons to edit, suspend, reactivate,
// sign out everywhere or delete (the confirmation is the table's).
import { useMutation, useQueryClient } from "@tanstack/react-query";
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

const SMALL = "px-2 py-1 text-xs";

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
