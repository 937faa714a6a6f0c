// Community events: a live countdown (to the start, or to the end while running), rewards for places 1–3, a Join
// button, the leaders and the user's own score and place.
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useFormatters } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import type { CommunityEventView } from "./api";
import { CardHead } from "./card-head";
import { countdownParts, useNow } from "./countdown";

export function EventsSection({
  events,
  onJoin,
  joining,
}: {
  events: readonly CommunityEventView[];
  onJoin: (id: string) => void;
  joining: string | null;
}) {
  const { t } = useTranslation();
  // One clock for every card; it ticks only while some event has not ended.
  const now = useNow(events.some((event) => Date.parse(event.endsAt) > Date.now()));
  if (events.length === 0) {
    return (
      <p className="text-fg-muted" data-testid="events-empty">
        {t("progress.events.empty")}
      </p>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {events.map((event) => (
        <EventCard key={event.id} event={event} now={now} onJoin={onJoin} joining={joining} />
      ))}
    </ul>
  );
}

function EventCard({
  event,
  now,
  onJoin,
  joining,
}: {
  event: CommunityEventView;
  now: number;
  onJoin: (id: string) => void;
  joining: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const date = useDateFormat();
  const startsAt = Date.parse(event.startsAt);
  const endsAt = Date.parse(event.endsAt);
  // The status follows the clock, so a card turns from upcoming to running (and to ended) without a refetch.
  const status = now < startsAt ? "upcoming" : now < endsAt ? "running" : "ended";
  const parts = countdownParts(status === "upcoming" ? startsAt : endsAt, now);
  const countdown = t("progress.events.countdown", {
    days: format.number(parts.days),
    hours: parts.hours,
    minutes: parts.minutes,
    seconds: parts.seconds,
  });

  return (
    <li
      data-testid={`event-${event.id}`}
      data-status={status}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <CardHead
        heading="h3"
        text={event}
        badges={
          <Badge tone={status === "running" ? "success" : "neutral"}>
            {t(`progress.events.status.${status}`)}
          </Badge>
        }
      />
      <p className="text-sm text-fg" data-testid={`event-countdown-${event.id}`}>
        {status === "ended" ? (
          t("progress.events.endedOn", { date: date(event.endsAt) })
        ) : (
          <>
            {t(status === "upcoming" ? "progress.events.startsIn" : "progress.events.endsIn")}{" "}
            {/* Announced once, not every second: the ticking time is not a live region. */}
            <time
              dateTime={status === "upcoming" ? event.startsAt : event.endsAt}
              className="font-bold tabular-nums"
            >
              {countdown}
            </time>
          </>
        )}
      </p>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("progress.events.rewards")}>
        {event.rewards.map((reward) => (
          <li key={reward.place} className="rounded-lg bg-surface-muted px-2 py-1 text-fg">
            {t("progress.events.reward", {
              place: format.number(reward.place),
              tokens: format.number(reward.tokens),
            })}
            {reward.badge ? ` · ${reward.badge}` : ""}
          </li>
        ))}
      </ul>
      <p className="text-sm text-fg-muted">
        {t("progress.events.participants", { count: format.number(event.participants) })}
      </p>
      {event.leaders.length > 0 ? (
        <ol
          className="flex flex-col gap-1 text-sm"
          aria-label={t("progress.events.leaders")}
          data-testid={`event-leaders-${event.id}`}
        >
          {event.leaders.map((leader) => (
            <li key={leader.userId} className="flex justify-between gap-2">
              <span dir="auto">
                {t("progress.events.place", { place: format.number(leader.place) })}{" "}
                <span translate="no">{leader.username}</span>
              </span>
              <span className="tabular-nums">
                {t("progress.events.score", { score: format.number(leader.score) })}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-fg-muted">{t("progress.events.noLeaders")}</p>
      )}
      {event.me ? (
        <p className="text-sm font-semibold text-fg" data-testid={`event-me-${event.id}`}>
          {event.me.place === null
            ? t("progress.events.myScore", { score: format.number(event.me.score) })
            : t("progress.events.myScorePlace", {
                score: format.number(event.me.score),
                place: format.number(event.me.place),
              })}
        </p>
      ) : status !== "ended" ? (
        <div>
          <Button
            data-testid={`event-join-${event.id}`}
            onClick={() => onJoin(event.id)}
            disabled={joining !== null}
            aria-label={t("progress.events.joinLabel", { name: event.name })}
          >
            {joining === event.id ? t("progress.events.joining") : t("progress.events.join")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
