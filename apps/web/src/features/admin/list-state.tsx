// The console's words for its paged lists (ui/paged-list): loading, a failed load with the server's reason, paging.
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import type { PagedListTexts } from "../../ui/paged-list";

export function useConsoleListTexts(loading?: string): PagedListTexts {
  const { t } = useTranslation();
  return {
    loading: loading ?? t("adminConsole.loading"),
    failed: (error) => `${t("adminConsole.loadFailed")} ${errorText(t, error)}`,
    pager: {
      label: t("adminConsole.pager.label"),
      previous: t("adminConsole.pager.previous"),
      next: t("adminConsole.pager.next"),
      page: (page, pages) => t("adminConsole.pager.page", { page, pages }),
    },
  };
}
