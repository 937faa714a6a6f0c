// One team: members (role, write access, remove, transfer), the invitation form with the member cap, waiting
// invitations (revoke), shared universes (share one of mine, stop sharing), rename, delete and leave.
import { InviteMemberBody, RenameTeamBody } from "@aacos/domain/teams";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { useDateFormat } from "../../lib/format-date";
import { useForm } from "../../lib/use-form";
import { useUniverses, workspaceKeys } from "../../lib/workspace-queries";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { Loader } from "../../ui/loader";
import { Switch } from "../../ui/switch";
import { type TeamDetail, type TeamMember, teamKeys, teamsApi } from "./api";
import { ConfirmButton } from "./confirm-button";
import { teamErrorText, upgradeLinkOf } from "./team-errors";

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
  const [failure, setFailure] = useState<{ text: string; upgrade: string | null } | null>(null);
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
        {notice ? (
          <p role="status" className="text-success" data-testid="team-notice">
            {notice}
          </p>
        ) : null}
        {failure ? (
          <FormAlert testId="team-error">
            {failure.text}
            {failure.upgrade ? (
              <>
                {" "}
                <Link to={failure.upgrade} className="underline">
                  {t("teams.errors.upgrade")}
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
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
                  void teamsApi
                    .remove(team.id)
                    .then(refresh)
                    .then(() => onGone(t("teams.detail.deleted")))
                    .catch((error: unknown) =>
                      setFailure({ text: teamErrorText(t, error), upgrade: null }),
                    )
                }
              />
            </>
          ) : (
            <ConfirmButton
              label={t("teams.detail.leave")}
              question={t("teams.detail.leaveConfirm", { name: team.name })}
              testId="team-leave"
              onConfirm={() =>
                void teamsApi
                  .removeMember(team.id, me?.id ?? "")
                  .then(refresh)
                  .then(() => onGone(t("teams.detail.left")))
                  .catch((error: unknown) =>
                    setFailure({ text: teamErrorText(t, error), upgrade: null }),
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

type Run = (action: () => Promise<unknown>, done: string) => Promise<void>;

function RenameForm({ team, onDone }: { team: TeamDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useForm(RenameTeamBody, { name: team.name });
  if (!open) {
    return (
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-sm"
        onClick={() => setOpen(true)}
        data-testid="team-rename"
      >
        {t("teams.detail.rename")}
      </Button>
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

function MembersSection({ team, meId, run }: { team: TeamDetail; meId: string; run: Run }) {
  const { t } = useTranslation();
  const isOwner = team.role === "owner";
  const taken = team.members.length + team.invites.length;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-fg">{t("teams.detail.members")}</h3>
        <span className="text-sm text-fg-muted" data-testid="team-places">
          {team.memberLimit === -1
            ? t("teams.detail.membersUnlimited", { count: team.members.length })
            : t("teams.detail.membersCount", { count: taken, limit: team.memberLimit })}
        </span>
      </div>
      <ul className="flex flex-col divide-y divide-border" data-testid="team-members">
        {team.members.map((member) => (
          <MemberRow
            key={member.userId}
            team={team}
            member={member}
            isMe={member.userId === meId}
            isOwner={isOwner}
            run={run}
          />
        ))}
      </ul>
    </Card>
  );
}

function MemberRow({
  team,
  member,
  isMe,
  isOwner,
  run,
}: {
  team: TeamDetail;
  member: TeamMember;
  isMe: boolean;
  isOwner: boolean;
  run: Run;
}) {
  const { t } = useTranslation();
  const manageable = isOwner && member.role !== "owner";
  return (
    <li className="flex flex-col gap-2 py-3" data-testid={`team-member-${member.username}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-semibold text-fg">
            <bdi>{member.username}</bdi> {isMe ? t("teams.detail.you") : null}
          </span>
          {member.email ? (
            <span className="text-sm text-fg-muted" dir="ltr">
              {member.email}
            </span>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={member.role === "owner" ? "primary" : "neutral"}>
            {t(`teams.roles.${member.role}`)}
          </Badge>
          {member.role === "member" && !manageable ? (
            <Badge tone={member.canWrite ? "success" : "neutral"}>
              {member.canWrite ? t("teams.member.writes") : t("teams.member.reads")}
            </Badge>
          ) : null}
        </div>
      </div>
      {manageable ? (
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-56 flex-1">
            <Switch
              checked={member.canWrite}
              label={t("teams.member.canWrite")}
              hint={t("teams.member.canWriteHint")}
              testId={`member-write-${member.username}`}
              onChange={(canWrite) =>
                void run(
                  () => teamsApi.setWriteAccess(team.id, member.userId, canWrite),
                  t(canWrite ? "teams.member.writes" : "teams.member.reads"),
                )
              }
            />
          </div>
          <ConfirmButton
            label={t("teams.member.transfer")}
            question={t("teams.member.transferConfirm", { name: member.username })}
            testId={`member-transfer-${member.username}`}
            onConfirm={() =>
              void run(
                () => teamsApi.transfer(team.id, member.userId),
                t("teams.member.transferred", { name: member.username }),
              )
            }
          />
          <ConfirmButton
            label={t("teams.member.remove")}
            question={t("teams.member.removeConfirm", { name: member.username })}
            testId={`member-remove-${member.username}`}
            onConfirm={() =>
              void run(
                () => teamsApi.removeMember(team.id, member.userId),
                t("teams.member.removed", { name: member.username }),
              )
            }
          />
        </div>
      ) : null}
    </li>
  );
}

function InviteSection({ team, run }: { team: TeamDetail; run: Run }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const client = useQueryClient();
  const form = useForm(InviteMemberBody, { email: "" });
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; upgrade: string | null } | null>(null);
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
        {sent ? (
          <p role="status" className="text-success" data-testid="team-invite-sent">
            {sent}
          </p>
        ) : null}
        {failure ? (
          <FormAlert testId="team-invite-error">
            {failure.text}
            {failure.upgrade ? (
              <>
                {" "}
                <Link to={failure.upgrade} className="underline">
                  {t("teams.errors.upgrade")}
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
      </form>
      <div className="flex flex-col gap-2">
        <h4 className="font-bold text-fg">{t("teams.invites.title")}</h4>
        {team.invites.length === 0 ? (
          <p className="text-sm text-fg-muted" data-testid="team-invites-empty">
            {t("teams.invites.empty")}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" data-testid="team-invites">
            {team.invites.map((invite) => (
              <li
                key={invite.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span className="flex flex-col">
                  <span className="font-semibold text-fg" dir="ltr">
                    {invite.email}
                  </span>
                  <span className="text-xs text-fg-muted">
                    {t("teams.invites.expires", { date: formatDate(invite.expiresAt) })}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5 text-sm"
                  data-testid={`invite-revoke-${invite.email}`}
                  onClick={() =>
                    void run(
                      () => teamsApi.revokeInvite(team.id, invite.id),
                      t("teams.invites.revoked", { email: invite.email }),
                    )
                  }
                >
                  {t("teams.invites.revoke")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function UniversesSection({ team, run }: { team: TeamDetail; run: Run }) {
  const { t } = useTranslation();
  const universes = useUniverses();
  const [choice, setChoice] = useState("");
  const sharedIds = new Set(team.universes.map((universe) => universe.id));
  const mine = (universes.data ?? []).filter(
    (universe) => universe.shared !== true && !sharedIds.has(universe.id),
  );
  const me = useAuthStore((state) => state.user);
  const chosen = mine.find((universe) => universe.id === choice) ?? mine[0];
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="text-lg font-bold text-fg">{t("teams.universes.title")}</h3>
      {team.universes.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="team-universes-empty">
          {t("teams.universes.empty")}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="team-universes">
          {team.universes.map((universe) => (
            <li
              key={universe.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid={`team-universe-${universe.id}`}
            >
              <span className="flex flex-col">
                <span className="font-semibold text-fg" dir="auto">
                  {universe.name}
                </span>
                <span className="text-xs text-fg-muted">
                  <bdi>{t("teams.universes.by", { name: universe.ownerUsername })}</bdi> ·{" "}
                  {t("teams.universes.entities", { count: universe.entityCount })}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Link to="/chat" className="text-sm font-semibold text-accent-text underline">
                  {t("teams.universes.open")}
                </Link>
                {universe.ownerId === me?.id || team.role === "owner" ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-sm"
                    data-testid={`universe-unshare-${universe.id}`}
                    onClick={() =>
                      void run(
                        () => teamsApi.unshare(universe.id, team.id),
                        t("teams.universes.unshared", { name: universe.name }),
                      )
                    }
                  >
                    {t("teams.universes.unshare")}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <h4 className="font-bold text-fg">{t("teams.universes.share")}</h4>
        {universes.isPending ? null : mine.length === 0 ? (
          <p className="text-sm text-fg-muted" data-testid="team-share-none">
            {t("teams.universes.noneToShare")}
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold text-fg">
              {t("teams.universes.choose")}
              <select
                className="rounded-xl border border-border bg-surface px-3 py-2.5 text-fg"
                value={chosen?.id ?? ""}
                onChange={(event) => setChoice(event.target.value)}
                data-testid="team-share-select"
              >
                {mine.map((universe) => (
                  <option key={universe.id} value={universe.id}>
                    {universe.name}
                  </option>
                ))}
              </select>
            </label>
            <Button
              data-testid="team-share-submit"
              disabled={chosen === undefined}
              onClick={() => {
                if (chosen === undefined) return;
                void run(
                  () => teamsApi.share(chosen.id, team.id),
                  t("teams.universes.shared", { name: chosen.name }),
                ).then(() => setChoice(""));
              }}
            >
              {t("teams.universes.submit")}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
