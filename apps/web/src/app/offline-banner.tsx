// docs/product.md §2, §8: the offline banner, from the browser's connectivity events and failed calls to /api/health.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { installConnectivityWatch, useConnectivity } from "../lib/connectivity";
import { NoticeBanner } from "../ui/notice-banner";

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useConnectivity((state) => state.online);
  useEffect(installConnectivityWatch, []);
  if (online) return null;
  return (
    <NoticeBanner tone="warning" testId="offline-banner">
      {t("offline.banner")}
    </NoticeBanner>
  );
}
