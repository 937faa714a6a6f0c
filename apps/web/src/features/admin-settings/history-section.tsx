// The history of settings changes, newest first: when, who, which setting, old → new.
import { tierByName, UNLIMITED, worldByName } from "@aacos/domain/catalog";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useFormatters, useLocalized } from "../../lib/use-language";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { TableHead } from "../../ui/table-head";
import { type HistoryItem, settingsApi, settingsKeys } from "./api";
import { SettingsCard } from "./settings-card";

export function HistorySection() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const format = useFormatters();
  const localized = useLocalized();
  const history = useQuery({
    queryKey: settingsKeys.history,
    queryFn: ({ signal }) => settingsApi.history(signal),
  });

  const subject = (item: HistoryItem) => {
    if (item.kind === "site") return t("adminSettings.history.site");
    const name =
      item.kind === "tier"
        ? localized(tierByName(item.name as "genesis").displayName)
        : localized(worldByName(item.name as "genesis").displayName);
    return t(`adminSettings.history.${item.kind}`, { name });
  };
  const setting = (item: HistoryItem) => {
    if (item.field === "registration_open" || item.field === "maintenance_message") {
      return t(`adminSettings.history.${item.field}`);
    }
    const key = item.field.split(".")[1] ?? item.field;
    return t(`adminSettings.fields.${key}` as "adminSettings.fields.maxProjects", {
      defaultValue: key,
    });
  };
  const value = (item: HistoryItem, raw: unknown) => {
    if (raw === null || raw === undefined || raw === "") return t("adminSettings.history.none");
    if (typeof raw === "boolean")
      return raw ? t("adminSettings.history.open") : t("adminSettings.history.closed");
    if (typeof raw === "number") {
      return raw === UNLIMITED && item.field.startsWith("limits.")
        ? t("adminSettings.history.unlimited")
        : format.number(raw);
    }
    return String(raw);
  };

  return (
    <SettingsCard title={t("adminSettings.history.title")} testId="settings-history" gap="gap-4">
      {history.isPending ? <Loader message={t("adminSettings.loading")} /> : null}
      {history.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert>{t("adminSettings.loadFailed")}</FormAlert>
          <Button variant="secondary" onClick={() => history.refetch()}>
            {t("adminSettings.retry")}
          </Button>
        </div>
      ) : null}
      {history.data?.items.length === 0 ? (
        <p className="text-fg-muted" data-testid="settings-history-empty">
          {t("adminSettings.history.empty")}
        </p>
      ) : null}
      {history.data && history.data.items.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-start text-sm">
            <TableHead
              rowClassName="border-b border-border text-fg-muted"
              columns={["when", "who", "what", "change"]}
              label={(column) => t(`adminSettings.history.${column}`)}
              cellClassName={(column) =>
                column === "change"
                  ? "py-2 text-start font-semibold"
                  : "py-2 text-start font-semibold pe-4"
              }
            />
            <tbody>
              {history.data.items.map((item) => (
                <tr
                  key={item.id}
                  className="border-b border-border last:border-0"
                  data-testid="settings-history-row"
                >
                  <td className="py-2 pe-4 whitespace-nowrap text-fg-muted">
                    {formatDate(item.changedAt)}
                  </td>
                  <td className="py-2 pe-4">
                    <span dir="ltr" className="inline-block">
                      {item.actorEmail ?? t("adminSettings.history.deletedUser")}
                    </span>
                  </td>
                  <td className="py-2 pe-4">
                    <span className="font-semibold text-fg">{subject(item)}</span>
                    <span className="text-fg-muted"> · {setting(item)}</span>
                  </td>
                  <td className="py-2">
                    <span dir="auto">{value(item, item.oldValue)}</span>{" "}
                    <span aria-hidden="true" className="text-fg-muted">
                      {t("adminSettings.history.arrow")}
                    </span>{" "}
                    <span dir="auto" className="font-semibold text-fg">
                      {value(item, item.newValue)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </SettingsCard>
  );
}
