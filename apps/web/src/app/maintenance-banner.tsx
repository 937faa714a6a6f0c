// The maintenance banner an admin sets on /admin/settings, shown to every visitor and user above the header.
import { useTranslation } from "react-i18next";
import { usePublicSettings } from "../lib/public-settings";
import { NoticeBanner } from "../ui/notice-banner";

export function MaintenanceBanner() {
  const { t } = useTranslation();
  const message = usePublicSettings().data?.maintenanceMessage ?? null;
  if (message === null) return null;
  return (
    <NoticeBanner tone="warning" testId="maintenance-banner">
      <span className="font-extrabold">{t("adminSettings.banner.label")}</span>{" "}
      <span dir="auto">{message}</span>
    </NoticeBanner>
  );
}
