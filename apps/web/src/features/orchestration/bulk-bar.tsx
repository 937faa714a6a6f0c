// The bar over the table while rows are selected: how many, the bulk pause, resume, stop and model change, and
// clearing the selection.
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import type { EntityAction } from "./api";

export function BulkBar({
  count,
  onAction,
  onReassign,
  onClear,
}: {
  count: number;
  onAction: (action: EntityAction) => void;
  onReassign: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("orchestration.bulk.label")}
      className="mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-primary bg-surface-muted px-4 py-3"
      data-testid="orchestration-bulk-bar"
    >
      <span className="me-2 font-semibold text-fg" aria-live="polite">
        {t("orchestration.bulk.selected", { count })}
      </span>
      {(["pause", "resume", "stop"] as const).map((action) => (
        <Button
          key={action}
          variant="secondary"
          className={action === "stop" ? "text-error" : undefined}
          onClick={() => onAction(action)}
          data-testid={`orchestration-bulk-${action}`}
        >
          {t(`orchestration.actions.${action}`)}
        </Button>
      ))}
      <Button variant="secondary" onClick={onReassign} data-testid="orchestration-bulk-reassign">
        {t("orchestration.actions.reassign")}
      </Button>
      <Button
        variant="ghost"
        className="ms-auto"
        onClick={onClear}
        data-testid="orchestration-bulk-clear"
      >
        {t("orchestration.bulk.clear")}
      </Button>
    </section>
  );
}
