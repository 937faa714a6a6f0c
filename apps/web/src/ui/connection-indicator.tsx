// The live connection's state: a dot and a label; when closed, the reason and an optional action (upgrade, retry).
import type { ReactNode } from "react";
import { Link } from "react-router";

export type ConnectionState = "idle" | "connecting" | "connected" | "reconnecting" | "closed";

const DOT: Record<ConnectionState, string> = {
  idle: "bg-fg-muted",
  connecting: "bg-warning",
  connected: "bg-success",
  reconnecting: "bg-warning animate-pulse",
  closed: "bg-error",
};

export function ConnectionIndicator({
  state,
  label,
  detail,
  action,
  upgrade,
}: {
  state: ConnectionState;
  label: string;
  /** The close reason, shown under the label. */
  detail?: string | null;
  action?: ReactNode;
  /** A link to the plans when the plan's limit closed the connection. */
  upgrade?: { text: string; to: string } | undefined;
}) {
  return (
    <div
      className="inline-flex flex-wrap items-center gap-2 text-sm"
      data-testid="connection-indicator"
      data-state={state}
      role="status"
    >
      <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${DOT[state]}`} />
      <span className="font-semibold text-fg">{label}</span>
      {detail ? (
        <span className="text-fg-muted" data-testid="connection-reason">
          {detail}
        </span>
      ) : null}
      {upgrade ? (
        <Link
          to={upgrade.to}
          className="font-semibold text-accent-text underline"
          data-testid="connection-upgrade"
        >
          {upgrade.text}
        </Link>
      ) : null}
      {action}
    </div>
  );
}
