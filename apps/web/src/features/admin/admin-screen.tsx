// /admin: the admin console. Its first real part is the users table; the rest is named honestly as still to come.
import { useTranslation } from "react-i18next";
import { PageHeading } from "../../ui/page-heading";
import { UsersTable } from "./users-table";

export function AdminScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="admin">
      <PageHeading title={t("admin.title")} lead={t("admin.lead")} />
      <UsersTable />
      <p className="mt-8 rounded-2xl border border-dashed border-border p-5 text-sm text-fg-muted">
        {t("admin.laterNote")}
      </p>
    </div>
  );
}
