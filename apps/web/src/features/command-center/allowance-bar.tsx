// Today's AI-token allowance as a bar: used of the limit (or unlimited) and when it resets.
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useAiAllowance } from "../../lib/workspace-queries";
import { LimitBar } from "../../ui/limit-bar";

export function AllowanceBar() {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const allowance = useAiAllowance();
  if (allowance.data === undefined) return null;
  const { used, limit, resetsAt } = allowance.data;
  const number = new Intl.NumberFormat(i18n.language);
  const unlimited = limit < 0;
  const remaining = unlimited ? 0 : Math.max(0, limit - used);
  return (
    <div className="flex flex-col gap-1" data-testid="ai-allowance">
      <LimitBar
        testId="ai-allowance-bar"
        label={t("commandCenter.allowance.label")}
        valueText={
          unlimited
            ? t("usage.usedUnlimited", { used: number.format(used) })
            : t("usage.ofLimit", { used: number.format(used), limit: number.format(limit) })
        }
        percent={unlimited || limit === 0 ? 0 : Math.min(100, (used / limit) * 100)}
      />
      <p className="text-xs text-fg-muted" data-testid="ai-allowance-remaining">
        {unlimited
          ? t("commandCenter.allowance.unlimited", { reset: date(resetsAt) })
          : t("commandCenter.allowance.remaining", {
              remaining: number.format(remaining),
              count: remaining,
              reset: date(resetsAt),
            })}
      </p>
    </div>
  );
}
