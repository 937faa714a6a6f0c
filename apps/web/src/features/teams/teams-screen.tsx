// /teams: the user's teams with their role, a new-team form (or the honest "which plan unlocks teams" panel), and the
// chosen team's detail (?team=<id>).
import { tierByName, tierHasFeature, tierUnlocking } from "@aacos/domain/catalog";
import { TeamNameBody } from "@aacos/domain/teams";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { OutcomeLine } from "../../lib/outcome-line";
import { useForm } from "../../lib/use-form";
import { useLocalized } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button, ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert } from "../../ui/form-alert";
import { TextField } from "../../ui/form-field";
import { Icon } from "../../ui/icon";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { TitledSection } from "../../ui/titled-section";
import { type TeamSummary, teamKeys, teamsApi } from "./api";
import { TeamDetailPanel } from "./team-detail";

export function TeamsScreen() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("team");
  const [notice, setNotice] = useState<string | null>(null);
  const teams = useQuery({
    queryKey: teamKeys.list,
    queryFn: ({ signal }) => teamsApi.list(signal),
  });
  const canCreate = user !== null && tierHasFeature(user.tier, "teamCollaboration");

  const select = (id: string | null) => {
    setNotice(null);
    setParams(id === null ? {} : { team: id });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8" data-testid="teams-screen">
      <PageHeading title={t("teams.title")} lead={t("teams.lead")} />
      <OutcomeLine kind="notice" text={notice} testId="teams-notice" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          {canCreate ? (
            <CreateTeamForm onCreated={(team) => select(team.id)} />
          ) : (
            <LockedPanel current={user?.tier ?? "genesis"} />
          )}
          <TitledSection title={t("teams.list.title")} className="flex flex-col gap-3">
            <TeamList
              teams={teams.data}
              loading={teams.isPending}
              failed={teams.isError}
              onRetry={() => void teams.refetch()}
              selectedId={selectedId}
              onSelect={select}
            />
          </TitledSection>
        </div>
        <div>
          {selectedId === null ? (
            <Card className="text-fg-muted" data-testid="team-detail-empty">
              {t("teams.detail.choose")}
            </Card>
          ) : (
            <TeamDetailPanel
              key={selectedId}
              teamId={selectedId}
              onGone={(message) => {
                select(null);
                setNotice(message);
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function LockedPanel({ current }: { current: Parameters<typeof tierByName>[0] }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const unlocking = tierUnlocking("teamCollaboration");
  const tier = localized(tierByName(unlocking).displayName);
  return (
    <Card className="flex flex-col gap-3" data-testid="teams-locked">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-surface-muted text-accent-text">
          <Icon name="lock" className="size-5" />
        </span>
        <h2 className="text-lg font-bold text-fg">{t("teams.locked.title", { tier })}</h2>
      </div>
      <p className="text-fg-muted">
        {t("teams.locked.body", { tier, current: localized(tierByName(current).displayName) })}
      </p>
      <ButtonLink
        to={`/tiers?upgrade=${unlocking}`}
        className="self-start"
        data-testid="teams-upgrade"
      >
        {t("teams.locked.action")}
      </ButtonLink>
    </Card>
  );
}

function CreateTeamForm({ onCreated }: { onCreated: (team: { id: string }) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm(TeamNameBody, { name: "" });
  const submit = form.onSubmit(async (body) => {
    const { team } = await teamsApi.create(body.name);
    form.reset();
    await client.invalidateQueries({ queryKey: teamKeys.list });
    onCreated(team);
  });
  return (
    <Card>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3"
        data-testid="team-create-form"
      >
        <h2 className="text-lg font-bold text-fg">{t("teams.create.title")}</h2>
        <TextField
          label={t("teams.create.name")}
          placeholder={t("teams.create.namePlaceholder")}
          {...form.field("name")}
          maxLength={80}
          dir="auto"
          testId="team-name-input"
        />
        {form.formError ? <FormAlert testId="team-create-error">{form.formError}</FormAlert> : null}
        <Button
          type="submit"
          className="self-start"
          disabled={form.submitting}
          data-testid="team-create"
        >
          {t("teams.create.submit")}
        </Button>
      </form>
    </Card>
  );
}

function TeamList({
  teams,
  loading,
  failed,
  onRetry,
  selectedId,
  onSelect,
}: {
  teams: TeamSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (loading) return <Loader message={t("teams.loading")} />;
  if (failed || teams === undefined) {
    return (
      <FormAlert testId="teams-load-error">
        {t("teams.loadFailed")}{" "}
        <button type="button" className="underline" onClick={onRetry}>
          {t("teams.retry")}
        </button>
      </FormAlert>
    );
  }
  if (teams.length === 0) {
    return (
      <EmptyState
        icon="user"
        title={t("teams.list.empty")}
        body={t("teams.list.emptyBody")}
        testId="teams-empty"
      />
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="teams-list">
      {teams.map((team) => (
        <li key={team.id}>
          <button
            type="button"
            onClick={() => onSelect(team.id)}
            aria-current={team.id === selectedId ? "true" : undefined}
            className={`flex w-full flex-col gap-1 rounded-2xl border px-4 py-3 text-start transition-colors hover:bg-surface-muted ${
              team.id === selectedId ? "border-accent bg-surface-muted" : "border-border bg-surface"
            }`}
            data-testid={`team-item-${team.id}`}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-bold text-fg" dir="auto">
                {team.name}
              </span>
              <Badge tone={team.role === "owner" ? "primary" : "neutral"}>
                {t(`teams.roles.${team.role}`)}
              </Badge>
            </span>
            <span className="text-sm text-fg-muted">
              {t("teams.list.members", { count: team.memberCount })} ·{" "}
              <bdi>{t("teams.list.ownedBy", { name: team.ownerUsername })}</bdi>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
