// A destructive action asked twice: the first press shows the question with Confirm and Cancel in place.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ButtonVariant } from "../../ui/button";
import { CompactButton } from "../../ui/compact-button";

export function ConfirmButton({
  label,
  question,
  onConfirm,
  disabled = false,
  variant = "secondary",
  testId,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  variant?: ButtonVariant;
  testId: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <CompactButton
        variant={variant}
        disabled={disabled}
        onClick={() => setAsking(true)}
        data-testid={testId}
      >
        {label}
      </CompactButton>
    );
  }
  return (
    <fieldset
      aria-label={question}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-warning px-3 py-2"
      data-testid={`${testId}-confirmation`}
    >
      <span className="text-sm text-fg">{question}</span>
      <CompactButton
        variant="primary"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={`${testId}-confirm`}
      >
        {t("teams.member.confirm")}
      </CompactButton>
      <CompactButton onClick={() => setAsking(false)} data-testid={`${testId}-cancel`}>
        {t("teams.member.cancel")}
      </CompactButton>
    </fieldset>
  );
}
