// A user's row while an admin edits it: roles (with the permissions they grant), plan and world, saved together.
import { permissionsForRoles, ROLES, type Role } from "@aacos/domain/access";
import { TIER_NAMES, type TierName, WORLD_NAMES, type WorldName } from "@aacos/domain/catalog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import { permissionText, roleText, tierText, worldText } from "../../lib/server-words";
import { useLanguage } from "../../lib/use-language";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { type AdminUser, adminApi, adminKeys } from "./api";

export function UserEditRow({
  user,
  onDone,
}: {
  user: AdminUser;
  onDone: (saved: boolean) => void;
}) {
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
