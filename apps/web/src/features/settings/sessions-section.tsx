// Active sessions: each device with "this device" marked, signing one out, and signing out everywhere (this one too).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { settingsApi, settingsKeys } from "./api";
import { describeDevice } from "./describe-device";
import { DeviceItem, SectionItems, SettingsSection } from "./settings-section";

export function SessionsSection() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOutLocally = useAuthStore((state) => state.signOutLocally);
  const [confirmAll, setConfirmAll] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const sessions = useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) => settingsApi.sessions(signal),
  });

  const revoke = useMutation({
    mutationFn: settingsApi.revokeSession,
    onMutate: () => setRevoked(false),
    onSuccess: () => {
      setRevoked(true);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    },
  });

  const revokeAll = useMutation({
    mutationFn: settingsApi.revokeAllSessions,
    onSuccess: async () => {
      // Leave the signed-in page first, so its guard does not remember it for the next sign-in.
      await navigate("/", { replace: true });
      signOutLocally();
    },
  });

  const failure = revoke.error ?? revokeAll.error;

  return (
    <SettingsSection
      title={t("settings.sessions.title")}
      lead={t("settings.sessions.lead")}
      testId="settings-sessions"
    >
      {revoked ? (
        <FormNotice testId="sessions-notice">{t("settings.sessions.revoked")}</FormNotice>
      ) : null}
      {failure ? <FormAlert testId="sessions-error">{errorText(t, failure)}</FormAlert> : null}
      <SectionItems query={sessions} empty={t("settings.sessions.empty")}>
        {(items) => (
          <ul className="flex flex-col divide-y divide-border" data-testid="sessions-list">
            {items.map((session) => {
              const device =
                describeDevice(session.userAgent) ?? t("settings.sessions.unknownDevice");
              return (
                <DeviceItem
                  key={session.id}
                  testId="session-item"
                  current={session.current}
                  icon="monitor"
                  iconClassName="text-fg-muted"
                  name={
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                      <span dir="ltr">{device}</span>
                      {session.current ? (
                        <Badge tone="success">
                          <span data-testid="session-this-device">
                            {t("settings.sessions.thisDevice")}
                          </span>
                        </Badge>
                      ) : null}
                    </p>
                  }
                  detail={
                    <>
                      {t("settings.sessions.lastActive", {
                        date: formatDate(session.lastUsedAt),
                      })}
                      {session.ip ? (
                        <>
                          {" · "}
                          <span dir="ltr">
                            {t("settings.sessions.address", { ip: session.ip })}
                          </span>
                        </>
                      ) : null}
                    </>
                  }
                  removal={
                    session.current
                      ? null
                      : {
                          label: t("settings.sessions.revoke"),
                          ariaLabel: t("settings.sessions.revokeLabel", { device }),
                          testId: "session-revoke",
                          pending: revoke.isPending,
                          onRemove: () => revoke.mutate(session.id),
                        }
                  }
                />
              );
            })}
          </ul>
        )}
      </SectionItems>
      <div className="flex flex-wrap items-center gap-2">
        {confirmAll ? (
          <>
            <p className="text-sm font-semibold text-fg" id="revoke-all-question">
              {t("settings.sessions.revokeAllConfirm")}
            </p>
            <Button
              data-testid="sessions-revoke-all-confirm"
              aria-describedby="revoke-all-question"
              disabled={revokeAll.isPending}
              onClick={() => revokeAll.mutate()}
            >
              {t("settings.sessions.revokeAllYes")}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmAll(false)}>
              {t("common.cancel")}
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            data-testid="sessions-revoke-all"
            onClick={() => setConfirmAll(true)}
          >
            {t("settings.sessions.revokeAll")}
          </Button>
        )}
      </div>
    </SettingsSection>
  );
}
