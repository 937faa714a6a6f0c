// /teams/invite/:token: the mailed invitation link. Shows who invited whom to which team; accept or decline (only the
// invited address can). Signed-out visitors are sent to sign in first by the route guard, which keeps this path.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { useDateFormat } from "../../lib/format-date";
import { Button, ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { teamKeys, teamsApi } from "./api";
import { teamErrorText } from "./team-errors";

export function InviteAcceptScreen() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const formatDate = useDateFormat();
  const me = useAuthStore((state) => state.user);
  const [declined, setDeclined] = useState(false);
  const preview = useQuery({
    queryKey: teamKeys.invite(token),
    queryFn: ({ signal }) => teamsApi.preview(token, signal),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => teamsApi.accept(token),
    onSuccess: async ({ team }) => {
      await client.invalidateQueries({ queryKey: teamKeys.all });
      await client.invalidateQueries({ queryKey: ["workspace"] });
      await navigate(`/teams?team=${team.id}`);
    },
  });
  const decline = useMutation({
    mutationFn: () => teamsApi.decline(token),
    onSuccess: () => setDeclined(true),
  });

  let body: ReactNode;
  if (preview.isPending) {
    body = <Loader message={t("teams.accept.loading")} />;
  } else if (preview.isError || declined) {
    body = declined ? (
      <Card role="status" data-testid="invite-declined">
        {t("teams.accept.declined")}
      </Card>
    ) : (
      <EmptyState
        icon="lock"
        title={t("teams.accept.invalidTitle")}
        body={t("teams.accept.invalidBody")}
        testId="invite-invalid"
        action={<ButtonLink to="/teams">{t("teams.accept.toTeams")}</ButtonLink>}
      />
    );
  } else {
    const invite = preview.data;
    const failure = accept.error ?? decline.error;
    body = (
      <Card className="flex flex-col gap-4" data-testid="invite-preview">
        <p className="text-lg text-fg">
          {t("teams.accept.lead", { inviter: invite.invitedBy, team: invite.teamName })}
        </p>
        <p className="text-fg-muted">
          {t("teams.accept.forAddress", {
            email: invite.email,
            date: formatDate(invite.expiresAt),
          })}
        </p>
        {invite.alreadyMember ? (
          <p className="text-fg-muted" data-testid="invite-already-member">
            {t("teams.accept.alreadyMember")}
          </p>
        ) : null}
        {invite.forYou ? (
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => accept.mutate()}
              disabled={accept.isPending || decline.isPending}
              data-testid="invite-accept"
            >
              {t("teams.accept.accept")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => decline.mutate()}
              disabled={accept.isPending || decline.isPending}
              data-testid="invite-decline"
            >
              {t("teams.accept.decline")}
            </Button>
          </div>
        ) : (
          <FormAlert testId="invite-other-address">
            {t("teams.accept.otherAddress", { email: invite.email, me: me?.email ?? "" })}
          </FormAlert>
        )}
        {failure ? <FormAlert testId="invite-error">{teamErrorText(t, failure)}</FormAlert> : null}
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8" data-testid="invite-accept-screen">
      <PageHeading title={t("teams.accept.title")} />
      {body}
    </div>
  );
}
