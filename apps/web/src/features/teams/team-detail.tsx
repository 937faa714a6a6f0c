// One team: its heading, rename, delete and leave; the members, invitations (with the member cap) and shared
// universes sections live beside it (team-members, team-invites, team-universes).
import { TeamNameBody } from "@aacos/domain/teams";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { useForm } from "../../lib/use-form";
import { workspaceKeys } from "../../lib/workspace-queries";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { CompactButton } from "../../ui/compact-button";
import { FormAlert } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { Loader } from "../../ui/loader";
import { type TeamDetail, teamKeys, teamsApi } from "./api";
import { ConfirmButton } from "./confirm-button";
import { teamErrorText, upgradeLinkOf } from "./team-errors";
import { type TeamFailure, TeamFailureAlert, TeamNotice } from "./team-failure";
import { InviteSection } from "./team-invites";
import { MembersSection } from "./team-members";
import { UniversesSection } from "./team-universes";

export function TeamDetailPanel({
  teamId,
  onGone,
}: {
  teamId: string;
  /** The team is no longer the user's (deleted, left, removed): back to the list with a message. */
  onGone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useAuthStore((state) => state.user);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<TeamFailure | null>(null);
  const detail = useQuery({
    queryKey: teamKeys.detail(teamId),
    queryFn: ({ signal }) => teamsApi.detail(teamId, signal),
    retry: false,
  });

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: teamKeys.all });
    await client.invalidateQueries({ queryKey: workspaceKeys.all });
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    setNotice(null);
    setFailure(null);
    try {
      await action();
      setNotice(done);
    } catch (error) {
      setFailure({ text: teamErrorText(t, error), upgrade: upgradeLinkOf(error) });
    }
    await refresh();
  };

  /** Deleting or leaving the team: done, the team is gone from the user's list. */
  const endMembership = (action: () => Promise<unknown>, gone: string) =>
    void action()
      .then(refresh)
      .then(() => onGone(gone))
      .catch((error: unknown) => setFailure({ text: teamErrorText(t, error), upgrade: null }));

  if (detail.isPending) return <Loader message={t("teams.loading")} />;
  if (detail.isError) {
    return (
      <Card data-testid="team-detail-error">
        <FormAlert>{teamErrorText(t, detail.error)}</FormAlert>
      </Card>
    );
  }
  const team = detail.data;
  const isOwner = team.role === "owner";

  return (
    <div className="flex flex-col gap-6" data-testid="team-detail">
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-2xl font-bold text-fg" dir="auto" data-testid="team-detail-name">
            {team.name}
          </h2>
          <Badge tone={isOwner ? "primary" : "neutral"}>{t(`teams.roles.${team.role}`)}</Badge>
        </div>
        <TeamNotice notice={notice} testId="team-notice" />
        <TeamFailureAlert failure={failure} testId="team-error" />
        <div className="flex flex-wrap items-center gap-3">
          {isOwner ? (
            <>
              <RenameForm
                team={team}
                onDone={(message) => void refresh().then(() => setNotice(message))}
              />
              <ConfirmButton
                label={t("teams.detail.delete")}
                question={t("teams.detail.deleteConfirm", { name: team.name })}
                testId="team-delete"
                onConfirm={() =>
                  endMembership(() => teamsApi.remove(team.id), t("teams.detail.deleted"))
                }
              />
            </>
          ) : (
            <ConfirmButton
              label={t("teams.detail.leave")}
              question={t("teams.detail.leaveConfirm", { name: team.name })}
              testId="team-leave"
              onConfirm={() =>
                endMembership(
                  () => teamsApi.removeMember(team.id, me?.id ?? ""),
                  t("teams.detail.left"),
                )
              }
            />
          )}
        </div>
      </Card>

      <MembersSection team={team} meId={me?.id ?? ""} run={run} />
      {isOwner ? <InviteSection team={team} run={run} /> : null}
      <UniversesSection team={team} run={run} />
    </div>
  );
}

export type Run = (action: () => Promise<unknown>, done: string) => Promise<void>;

function RenameForm({ team, onDone }: { team: TeamDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useForm(TeamNameBody, { name: team.name });
  if (!open) {
    return (
      <CompactButton variant="secondary" onClick={() => setOpen(true)} data-testid="team-rename">
        {t("teams.detail.rename")}
      </CompactButton>
    );
  }
  const submit = form.onSubmit(async (body) => {
    await teamsApi.rename(team.id, body.name);
    setOpen(false);
    onDone(t("teams.detail.renamed"));
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <TextField
        label={t("teams.create.name")}
        value={form.values.name}
        onChange={(event) => form.set("name", event.target.value)}
        error={form.error("name") ?? form.formError ?? undefined}
        maxLength={80}
        dir="auto"
        testId="team-rename-input"
      />
      <Button type="submit" disabled={form.submitting} data-testid="team-rename-save">
        {t("teams.detail.renameSubmit")}
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        {t("teams.member.cancel")}
      </Button>
    </form>
  );
}
