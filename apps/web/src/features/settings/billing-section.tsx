// Settings → Billing: the paid subscriptions (plan, interval, next renewal or end), the failed-payment notice, the
// Billing Portal (card, cancel, invoices at Stripe) and the invoice list; in test mode, a plain note that plans are free.

import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { billingApi, useBillingOverview } from "../../lib/billing";
import { useDateFormat } from "../../lib/format-date";
import { failureText } from "../../lib/messages";
import { useFormatters } from "../../lib/use-language";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { SettingsSection } from "./settings-section";

export function BillingSection() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const format = useFormatters();
  const overview = useBillingOverview();
  const portal = useMutation({
    mutationFn: billingApi.portal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const data = overview.data;

  return (
    <div id="billing" className="scroll-mt-28">
      <SettingsSection
        title={t("billing.settings.title")}
        testId="settings-billing"
        aside={
          data?.mode === "stripe" && data.subscriptions.length > 0 ? (
            <Button
              variant="secondary"
              data-testid="billing-portal"
              disabled={portal.isPending}
              onClick={() => portal.mutate()}
            >
              {portal.isPending ? t("billing.settings.opening") : t("billing.settings.manage")}
            </Button>
          ) : null
        }
      >
        {overview.isPending ? (
          <Loader message={t("settings.loading")} />
        ) : overview.isError || data === undefined ? (
          <FormAlert>{t("settings.loadError")}</FormAlert>
        ) : data.mode === "test" ? (
          <p className="text-sm text-fg-muted" data-testid="billing-test-mode">
            {t("billing.settings.testMode")}
          </p>
        ) : (
          <>
            {data.graceEndsAt === null ? null : (
              <FormAlert testId="billing-past-due">
                {t("billing.pastDue", { date: date(data.graceEndsAt) })}
              </FormAlert>
            )}
            {data.subscriptions.length === 0 ? (
              <p className="text-sm text-fg-muted">{t("billing.settings.none")}</p>
            ) : (
              <dl
                className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]"
                data-testid="billing-subscriptions"
              >
                {data.subscriptions.map((subscription) => (
                  <div key={`${subscription.kind}-${subscription.plan}`} className="contents">
                    <dt className="font-semibold text-fg">
                      {t("billing.settings.plan")}:{" "}
                      <span className="capitalize">{subscription.plan}</span> (
                      {t(`billing.interval.${subscription.interval}`)})
                    </dt>
                    <dd className="text-fg-muted">
                      {subscription.renewsAt === null
                        ? "—"
                        : `${
                            subscription.cancelAtPeriodEnd
                              ? t("billing.settings.cancels")
                              : t("billing.settings.renews")
                          } ${date(subscription.renewsAt)}`}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <h3 className="text-lg font-bold text-fg">{t("billing.settings.invoices")}</h3>
            {data.invoices === null ? (
              <FormAlert>{t("billing.settings.invoicesUnavailable")}</FormAlert>
            ) : data.invoices.length === 0 ? (
              <p className="text-sm text-fg-muted">{t("billing.settings.noInvoices")}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-start text-sm" data-testid="billing-invoices">
                  <thead>
                    <tr className="text-fg-muted">
                      <th className="p-2 text-start">{t("billing.settings.invoice")}</th>
                      <th className="p-2 text-start">{t("billing.settings.date")}</th>
                      <th className="p-2 text-start">{t("billing.settings.amount")}</th>
                      <th className="p-2 text-start">{t("billing.settings.status")}</th>
                      <th className="p-2" />
                    </tr>
                  </thead>
                  <tbody>
                    {data.invoices.map((invoice) => (
                      <tr key={invoice.id} className="border-t border-border text-fg">
                        <td className="p-2">{invoice.number ?? invoice.id}</td>
                        <td className="p-2">{date(invoice.createdAt)}</td>
                        <td className="p-2">{`${invoice.currency} ${format.number(invoice.amount)}`}</td>
                        <td className="p-2">{invoice.status}</td>
                        <td className="p-2">
                          {invoice.url === null ? null : (
                            <a
                              className="text-accent-text underline"
                              href={invoice.url}
                              rel="noreferrer"
                              target="_blank"
                            >
                              {t("billing.settings.view")}
                            </a>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
        {portal.isError ? (
          <FormAlert testId="billing-portal-error">
            {failureText(t, portal.error, "billing")}
          </FormAlert>
        ) : null}
      </SettingsSection>
    </div>
  );
}
