// A small status label (current world, state of a limit).
import type { ReactNode } from "react";

export type BadgeTone = "primary" | "neutral" | "success" | "warning";

const TONES: Record<BadgeTone, string> = {
  primary: "bg-accent text-on-accent",
  neutral: "border border-border bg-surface-muted text-fg",
  success: "border border-success text-success",
  warning: "border border-warning text-warning",
};

export function Badge({
  tone = "primary",
  children,
  className = "",
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[tone]} ${className}`.trim()}
    >
      {children}
    </span>
  );
}
