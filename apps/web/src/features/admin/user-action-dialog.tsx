// The confirmation before suspending a user, signing them out everywhere or deleting them; it runs the action.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type AdminUser, adminApi, adminKeys } from "./api";
import { ConfirmDialog } from "./confirm-dialog";

export type UserAction = "suspend" | "signOut" | "delete";

export function UserActionDialog({
  action,
  user,
  onClose,
}: {
  action: UserAction;
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
      error={run.error}
      onConfirm={() => run.mutate()}
      onCancel={() => onClose(false)}
    />
  );
}
