// Previous / next paging under a console list, with the page count announced.
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={t("adminConsole.pager.label")}
      className="flex items-center justify-between gap-3"
      data-testid={testId}
    >
      <Button
        variant="secondary"
        data-testid={`${testId}-previous`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("adminConsole.pager.previous")}
      </Button>
      <span className="text-sm text-fg-muted" aria-live="polite" data-testid={`${testId}-page`}>
        {t("adminConsole.pager.page", { page, pages })}
      </span>
      <Button
        variant="secondary"
        data-testid={`${testId}-next`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("adminConsole.pager.next")}
      </Button>
    </nav>
  );
}
