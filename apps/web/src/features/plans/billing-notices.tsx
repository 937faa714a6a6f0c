// Billing on /tiers: the test-mode notice, the message after returning from Checkout, the failed-payment banner, the
// monthly/yearly choice, and the request form behind "Contact us" (custom prices) and "Ask your admin".

import type { BillingInterval, PlanKind } from "@aacos/domain/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { billingApi, billingKeys, useBillingOverview, useBillingStatus } from "../../lib/billing";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { TextAreaField } from "../../ui/form-field";

const noticeClasses =
  "rounded-xl border border-warning bg-surface px-4 py-3 text-sm font-semibold text-fg";

/** "Test mode — plan changes are free": shown to everyone while no payment provider is connected. */
export function TestModeNotice() {
  const { t } = useTranslation();
  const status = useBillingStatus();
  if (status.data?.mode !== "test") return null;
  return (
    <div role="note" data-testid="test-mode-notice" className={noticeClasses}>
      <p>{t("billing.testMode.title")}</p>
      <p className="mt-1 font-normal text-fg-muted">{t("billing.testMode.body")}</p>
    </div>
  );
}

/** Back from Stripe Checkout (?checkout=success|cancelled): what happened, in plain words. */
export function CheckoutReturnNotice({ outcome }: { outcome: string | null }) {
  const { t } = useTranslation();
  if (outcome === "success") {
    return <FormNotice testId="checkout-return">{t("billing.checkout.success")}</FormNotice>;
  }
  if (outcome === "cancelled") {
    return (
      <div role="status" data-testid="checkout-return" className={noticeClasses}>
        {t("billing.checkout.cancelled")}
      </div>
    );
  }
  return null;
}

/** After a failed payment: until when the paid plan stays. */
export function PastDueBanner({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const overview = useBillingOverview(signedIn);
  const graceEndsAt = overview.data?.graceEndsAt ?? null;
  if (graceEndsAt === null) return null;
  return (
    <FormAlert testId="billing-past-due">
      {t("billing.pastDue", { date: date(graceEndsAt) })}
    </FormAlert>
  );
}

export function IntervalPicker({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-3" data-testid="billing-interval">
      <legend className="sr-only">{t("billing.interval.label")}</legend>
      <span className="text-sm font-semibold text-fg" aria-hidden="true">
        {t("billing.interval.label")}
      </span>
      {(["monthly", "yearly"] as const).map((interval) => (
        <label key={interval} className="flex items-center gap-1 text-sm text-fg">
          <input
            type="radio"
            name={name}
            value={interval}
            checked={value === interval}
            onChange={() => onChange(interval)}
            data-testid={`billing-interval-${interval}`}
          />
          {t(`billing.interval.${interval}`)}
        </label>
      ))}
    </fieldset>
  );
}

export interface PlanRequestTarget {
  kind: PlanKind;
  plan: string;
  /** The plan's name as shown. */
  label: string;
  reason: "contact" | "ask";
}

/** "Contact us" / "Ask your admin": a short message to the admins, who grant the plan in the admin console. */
export function PlanRequestForm({
  target,
  onClose,
}: {
  target: PlanRequestTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const headingId = useId();
  const [message, setMessage] = useState("");
  const send = useMutation({
    mutationFn: () =>
      billingApi.request({
        kind: target.kind,
        plan: target.plan,
        reason: target.reason,
        message: message.trim() === "" ? undefined : message.trim(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.myRequests }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  if (send.isSuccess) {
    return (
      <FormNotice testId="plan-request-sent">
        {t("billing.request.sent", { plan: target.label })}
      </FormNotice>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      data-testid="plan-request-form"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
    >
      <h3 id={headingId} className="text-lg font-bold text-fg">
        {t("billing.request.title", { plan: target.label })}
      </h3>
      <p className="text-sm text-fg-muted">
        {target.reason === "contact"
          ? t("billing.request.leadContact", { plan: target.label })
          : t("billing.request.leadAsk")}
      </p>
      <TextAreaField
        label={t("billing.request.message")}
        dir="auto"
        rows={3}
        maxLength={1000}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        testId="plan-request-message"
      />
      {send.isError ? (
        <FormAlert testId="plan-request-error">{errorText(t, send.error)}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" data-testid="plan-request-send" disabled={send.isPending}>
          {t("billing.request.send")}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("billing.request.cancel")}
        </Button>
      </div>
    </form>
  );
}
