// /signals: the live signal stream, newest on top — the first page from GET /api/signals, then the `signals` topic.
// Filters (kind, severity, text) work on the loaded list, so they cost no metered call; pause holds new signals.
import { SIGNAL_KINDS, SIGNAL_SEVERITIES } from "@aacos/domain/validation";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { liveLoadFailure } from "../../lib/messages";
import { OutcomeLine } from "../../lib/outcome-line";
import { realtime } from "../../lib/realtime";
import { signalKindText, signalSourceText } from "../../lib/server-words";
import { useRealtimeIndicator } from "../../lib/use-realtime-indicator";
import { Button } from "../../ui/button";
import { Options, SelectField, TextField } from "../../ui/form-field";
import { LiveToolbar } from "../../ui/live-toolbar";
import { PageHeading } from "../../ui/page-heading";
import { ListLines } from "../../ui/paged-list";
import { signalKeys, signalsApi } from "./api";
import {
  createFrameBatcher,
  matchesFilters,
  mergeNewest,
  RENDER_CAP,
  type SignalView,
} from "./signal-batch";
import { SignalDrawer } from "./signal-drawer";

export function SignalsScreen() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const live = useRealtimeIndicator();
  const [items, setItems] = useState<SignalView[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const [heldCount, setHeldCount] = useState(0);
  const [kind, setKind] = useState("");
  const [severity, setSeverity] = useState("");
  const [text, setText] = useState("");
  const [selected, setSelected] = useState<SignalView | null>(null);
  const pausedRef = useRef(false);
  const held = useRef<SignalView[]>([]);

  const apply = useCallback((incoming: SignalView[]) => {
    setItems((list) => {
      const { items: next, trimmed } = mergeNewest(list, incoming);
      if (trimmed) {
        const last = next[next.length - 1];
        if (last !== undefined) setCursor(last.id);
      }
      return next;
    });
  }, []);

  const newest = useQuery({
    queryKey: signalKeys.newest,
    queryFn: ({ signal }) => signalsApi.page(null, signal),
  });
  // The stream starts from the newest page: its signals join the list (live ones already there stay).
  useEffect(() => {
    if (newest.data === undefined) return;
    apply(newest.data.items);
    setCursor(newest.data.nextCursor);
  }, [newest.data, apply]);
  const loadError = newest.isError ? liveLoadFailure(t, newest.error) : null;

  useEffect(() => {
    const batcher = createFrameBatcher<SignalView>((batch) => {
      if (pausedRef.current) {
        held.current = mergeNewest(held.current, batch).items;
        setHeldCount(held.current.length);
      } else apply(batch);
    });
    const unsubscribe = realtime().subscribe("signals", (message) => {
      const signal = message.signal as SignalView | undefined;
      if (signal !== undefined && typeof signal.id === "number") batcher.push(signal);
    });
    return () => {
      unsubscribe();
      batcher.dispose();
    };
  }, [apply]);

  const togglePause = () => {
    const next = !pausedRef.current;
    pausedRef.current = next;
    setPaused(next);
    if (!next && held.current.length > 0) {
      apply(held.current);
      held.current = [];
      setHeldCount(0);
    }
  };

  const loadOlder = async () => {
    if (cursor === null) return;
    setLoadingOlder(true);
    try {
      const page = await signalsApi.page(cursor);
      setItems((list) => {
        const known = new Set(list.map((signal) => signal.id));
        return [...list, ...page.items.filter((signal) => !known.has(signal.id))];
      });
      setCursor(page.nextCursor);
    } catch (reason) {
      setError(liveLoadFailure(t, reason));
    } finally {
      setLoadingOlder(false);
    }
  };

  const shown = useMemo(
    () => items.filter((signal) => matchesFilters(signal, { kind, severity, text })),
    [items, kind, severity, text],
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid="signals-screen">
      <PageHeading title={t("live.signals.title")} lead={t("live.signals.lead")} />
      <LiveToolbar
        live={live}
        paused={paused}
        onTogglePause={togglePause}
        pauseTestId="signals-pause"
      >
        {paused && heldCount > 0 ? (
          <span className="text-sm text-fg-muted" data-testid="signals-held">
            {t("live.signals.held", { count: heldCount })}
          </span>
        ) : null}
      </LiveToolbar>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <ChoiceFilter
          label={t("live.signals.kind")}
          value={kind}
          onChange={setKind}
          choices={SIGNAL_KINDS}
          choiceText={(value) => signalKindText(t, value)}
          testId="signals-filter-kind"
        />
        <ChoiceFilter
          label={t("live.signals.severity")}
          value={severity}
          onChange={setSeverity}
          choices={SIGNAL_SEVERITIES}
          choiceText={(value) => t(`live.severity.${value}`)}
          testId="signals-filter-severity"
        />
        <TextField
          label={t("live.signals.search")}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          testId="signals-filter-text"
        />
      </div>
      <OutcomeLine kind="error" text={error ?? loadError} testId="signals-error" />
      <ListLines
        pending={newest.isPending}
        items={shown}
        texts={{ loading: t("live.loading"), empty: t("live.signals.empty") }}
        emptyTestId="signals-empty"
      >
        {(rows) => (
          <ul
            className="divide-y divide-border rounded-xl border border-border bg-surface"
            data-testid="signals-list"
            aria-live="off"
          >
            {rows.map((signal) => (
              <li key={signal.id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center gap-3 px-4 py-2.5 text-start hover:bg-surface-muted"
                  onClick={() => setSelected(signal)}
                  data-testid="signal-row"
                  data-signal-id={signal.id}
                >
                  <span className={`text-xs font-bold ${SEVERITY_TONE[signal.severity] ?? ""}`}>
                    {t(`live.severity.${severityKey(signal.severity)}`)}
                  </span>
                  <span className="font-semibold text-fg">{signalKindText(t, signal.kind)}</span>
                  <span className="text-fg-muted">{signalSourceText(t, signal.source)}</span>
                  <span className="ms-auto text-xs text-fg-muted">
                    {formatDate(signal.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListLines>
      {items.length >= RENDER_CAP || cursor !== null ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void loadOlder()}
            disabled={cursor === null || loadingOlder}
            data-testid="signals-load-older"
          >
            {t("live.signals.loadOlder")}
          </Button>
        </div>
      ) : null}
      {selected ? (
        <SignalDrawer signal={selected} formatDate={formatDate} onClose={() => setSelected(null)} />
      ) : null}
    </div>
  );
}

const SEVERITY_TONE: Record<string, string> = {
  info: "text-info",
  warning: "text-warning",
  critical: "text-error",
};

function severityKey(severity: string): "info" | "warning" | "critical" {
  return severity === "warning" || severity === "critical" ? severity : "info";
}

/** A filter that lets every signal through (the empty choice) or only those with one of `choices`. */
function ChoiceFilter<Choice extends string>({
  label,
  value,
  onChange,
  choices,
  choiceText,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  choiceText: (choice: Choice) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      testId={testId}
    >
      <option value="">{t("live.signals.all")}</option>
      <Options values={choices} text={choiceText} />
    </SelectField>
  );
}
