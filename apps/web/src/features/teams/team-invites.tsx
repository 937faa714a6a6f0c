// Inviting to a team: the invitation form and the invitations still open, which can be withdrawn.
import { InviteMemberBody } from "@aacos/domain/teams";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useForm } from "../../lib/use-form";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { TextField } from "../../ui/form-field";
import { type TeamDetail, teamKeys, teamsApi } from "./api";
import type { Run } from "./team-detail";
import { teamErrorText, upgradeLinkOf } from "./team-errors";
import { type TeamFailure, TeamFailureAlert, TeamNotice } from "./team-failure";
import { TeamList, TeamListRow, TeamRowAction } from "./team-list";

export function InviteSection({ team, run }: { team: TeamDetail; run: Run }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const client = useQueryClient();
  const form = useForm(InviteMemberBody, { email: "" });
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<TeamFailure | null>(null);
  const submit = form.onSubmit(async (body) => {
    setSent(null);
    setFailure(null);
    try {
      const { invite } = await teamsApi.invite(team.id, body.email);
      form.reset();
      setSent(t("teams.invite.sent", { email: invite.email }));
    } catch (error) {
      setFailure({ text: teamErrorText(t, error), upgrade: upgradeLinkOf(error) });
    }
    await client.invalidateQueries({ queryKey: teamKeys.detail(team.id) });
  });
  return (
    <Card className="flex flex-col gap-4">
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3"
        data-testid="team-invite-form"
      >
        <h3 className="text-lg font-bold text-fg">{t("teams.invite.title")}</h3>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-64 flex-1">
            <TextField
              type="email"
              label={t("teams.invite.email")}
              placeholder={t("teams.invite.emailPlaceholder")}
              hint={t("teams.invite.hint")}
              {...form.field("email")}
              dir="ltr"
              autoComplete="off"
              testId="team-invite-email"
            />
          </div>
          <Button type="submit" disabled={form.submitting} data-testid="team-invite-submit">
            {t("teams.invite.submit")}
          </Button>
        </div>
        <TeamNotice notice={sent} testId="team-invite-sent" />
        <TeamFailureAlert failure={failure} testId="team-invite-error" />
      </form>
      <div className="flex flex-col gap-2">
        <h4 className="font-bold text-fg">{t("teams.invites.title")}</h4>
        <TeamList items={team.invites} empty={t("teams.invites.empty")} testId="team-invites">
          {(invite) => (
            <TeamListRow
              key={invite.id}
              name={invite.email}
              nameDir="ltr"
              detail={t("teams.invites.expires", { date: formatDate(invite.expiresAt) })}
            >
              <TeamRowAction
                label={t("teams.invites.revoke")}
                testId={`invite-revoke-${invite.email}`}
                run={run}
                action={() => teamsApi.revokeInvite(team.id, invite.id)}
                done={t("teams.invites.revoked", { email: invite.email })}
              />
            </TeamListRow>
          )}
        </TeamList>
      </div>
    </Card>
  );
}
