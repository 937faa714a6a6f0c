// A user's row while an admin edits it: roles (with the permissions they grant), plan and world, saved together.
import { permissionsForRoles, type Role } from "@aacos/domain/access";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import { permissionText } from "../../lib/server-words";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { type AdminUser, adminApi, adminKeys } from "./api";
import { ChoiceOptions, useUserChoices } from "./user-choices";
import { UserCell } from "./user-row";

/** The plan and world an admin picks for the user, in the row's order. */
type Plan = Pick<AdminUser, "tier" | "world">;
const PLAN_CHOICES = ["tier", "world"] as const satisfies readonly (keyof Plan)[];

export function UserEditRow({
  user,
  onDone,
}: {
  user: AdminUser;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const choices = useUserChoices();
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [plan, setPlan] = useState<Plan>({ tier: user.tier, world: user.world });
  const save = useMutation({
    mutationFn: () => adminApi.updateUser(user.id, { roles, ...plan }),
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
      <UserCell user={user} />
      <td className="px-3 py-2">
        <fieldset>
          <legend className="sr-only">{t("adminConsole.users.columns.roles")}</legend>
          <div className="flex flex-col gap-1">
            {choices.role.map(({ value: role, text }) => (
              <label key={role} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  data-testid={`admin-user-role-${role}`}
                  checked={roles.includes(role)}
                  onChange={(event) => toggleRole(role, event.target.checked)}
                  className="size-4 accent-primary"
                />
                {text}
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
          {PLAN_CHOICES.map((key) => (
            <select
              key={key}
              aria-label={t(`adminConsole.users.${key}`)}
              data-testid={`admin-user-${key}`}
              className={select}
              value={plan[key]}
              // The select offers only the list's names, so the value fits.
              onChange={(event) =>
                setPlan((current) => ({ ...current, [key]: event.target.value }))
              }
            >
              <ChoiceOptions choices={choices[key]} />
            </select>
          ))}
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
