// A team's members: each one's role and write access, removal and the ownership transfer, for those allowed.
import { useTranslation } from "react-i18next";
import { Badge } from "../../ui/badge";
import { Card } from "../../ui/card";
import { Switch } from "../../ui/switch";
import { type TeamDetail, type TeamMember, teamsApi } from "./api";
import { ConfirmButton } from "./confirm-button";
import type { Run } from "./team-detail";

export function MembersSection({ team, meId, run }: { team: TeamDetail; meId: string; run: Run }) {
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

/** What the owner may do to a member, each asked twice: hand the team over, or take the member out. */
const OWNER_ACTIONS = [
  { action: "transfer", done: "transferred", call: teamsApi.transfer },
  { action: "remove", done: "removed", call: teamsApi.removeMember },
] as const;

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
          {OWNER_ACTIONS.map(({ action, done, call }) => (
            <ConfirmButton
              key={action}
              label={t(`teams.member.${action}`)}
              question={t(`teams.member.${action}Confirm`, { name: member.username })}
              testId={`member-${action}-${member.username}`}
              onConfirm={() =>
                void run(
                  () => call(team.id, member.userId),
                  t(`teams.member.${done}`, { name: member.username }),
                )
              }
            />
          ))}
        </div>
      ) : null}
    </li>
  );
}
