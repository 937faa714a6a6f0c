// The admin console's billing tab: who takes payment (Stripe, or test mode with the self-service switch) and the
// plan requests users sent ("Contact us" for custom prices, "Ask your admin" with self-service off), granted here.

import type { PlanRequest } from "@aacos/domain/replies";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiPut } from "../../lib/api-client";
import { billingApi, billingKeys, useBillingStatus } from "../../lib/billing";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { publicSettingsQuery } from "../../lib/public-settings";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { Switch } from "../../ui/switch";
import { ConsoleTab } from "./console-tab";

/** Above every tab: the console says plainly when plan changes cost nothing. */
export function AdminTestModeNotice() {
  const { t } = useTranslation();
  const status = useBillingStatus();
  if (status.data?.mode !== "test") return null;
  return (
    <div
      role="note"
      data-testid="admin-test-mode-notice"
      className="mb-4 rounded-xl border border-warning bg-surface px-4 py-3 text-sm font-semibold text-fg"
    >
      {t("billing.testMode.admin")}
    </div>
  );
}

export function BillingTab() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const client = useQueryClient();
  const status = useBillingStatus();
  const [notice, setNotice] = useState<string | null>(null);
  const requests = useQuery({
    queryKey: billingKeys.adminRequests,
    queryFn: ({ signal }) => billingApi.adminRequests(signal),
  });
  const selfService = useMutation({
    mutationFn: (enabled: boolean) => apiPut("/admin/settings/self-service", { enabled }),
    onSuccess: async () => {
      setNotice(t("billing.admin.selfServiceSaved"));
      await Promise.all([
        client.invalidateQueries({ queryKey: billingKeys.status }),
        client.invalidateQueries({ queryKey: publicSettingsQuery.queryKey }),
      ]);
    },
  });
  const decide = useMutation({
    mutationFn: ({ request, grant }: { request: PlanRequest; grant: boolean }) =>
      grant ? billingApi.grant(request.id) : billingApi.decline(request.id),
    onSuccess: async (_reply, { grant }) => {
      setNotice(grant ? t("billing.admin.granted") : t("billing.admin.declined"));
      await client.invalidateQueries({ queryKey: billingKeys.adminRequests });
    },
  });
  const error = selfService.error ?? decide.error;

  return (
    <ConsoleTab title={t("billing.admin.tab")} testId="admin-billing" gap="gap-5">
      {status.data === undefined ? null : status.data.mode === "stripe" ? (
        <p className="text-fg-muted">{t("billing.admin.stripeMode")}</p>
      ) : (
        <Switch
          checked={status.data.selfService}
          disabled={selfService.isPending}
          onChange={(enabled) => {
            setNotice(null);
            selfService.mutate(enabled);
          }}
          label={t("billing.admin.selfService")}
          hint={
            status.data.selfService
              ? t("billing.admin.selfServiceOnHint")
              : t("billing.admin.selfServiceOffHint")
          }
          testId="self-service-switch"
        />
      )}
      <h3 className="text-lg font-bold text-fg">{t("billing.admin.requests")}</h3>
      {requests.isPending ? (
        <Loader message={t("adminConsole.loading")} />
      ) : requests.isError ? (
        <FormAlert>{t("billing.admin.loadFailed")}</FormAlert>
      ) : requests.data.items.length === 0 ? (
        <p className="text-fg-muted" data-testid="plan-requests-empty">
          {t("billing.admin.noRequests")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="plan-requests">
          {requests.data.items.map((request) => (
            <li
              key={request.id}
              data-testid={`plan-request-${request.id}`}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border p-4"
            >
              <div className="flex flex-col gap-1 text-sm">
                <p className="font-semibold text-fg">
                  {request.username} &lt;{request.email}&gt;
                </p>
                <p className="text-fg">
                  {t("billing.admin.plan")}: <span className="capitalize">{request.plan}</span> (
                  {request.kind}) ·{" "}
                  {request.reason === "contact"
                    ? t("billing.admin.reasonContact")
                    : t("billing.admin.reasonAsk")}
                </p>
                <p className="text-fg-muted">
                  {t("billing.admin.date")} {date(request.createdAt)}
                </p>
                {request.message === null ? null : (
                  <p dir="auto" className="whitespace-pre-wrap text-fg">
                    {request.message}
                  </p>
                )}
              </div>
              <div className="flex gap-2">
                <Button
                  data-testid="plan-request-grant"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ request, grant: true })}
                >
                  {t("billing.admin.grant")}
                </Button>
                <Button
                  variant="secondary"
                  data-testid="plan-request-decline"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ request, grant: false })}
                >
                  {t("billing.admin.decline")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {notice ? <FormNotice testId="billing-admin-saved">{notice}</FormNotice> : null}
      {error ? <FormAlert>{errorText(t, error)}</FormAlert> : null}
    </ConsoleTab>
  );
}
