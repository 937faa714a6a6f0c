// A raised surface grouping related content; "selected" adds the primary glow.
import type { HTMLAttributes, ReactNode } from "react";

interface CardProps extends HTMLAttributes<HTMLDivElement> {
  selected?: boolean;
  children: ReactNode;
}

export function cardClasses(selected = false, extra = ""): string {
  const state = selected ? "border-primary shadow-glow" : "border-border shadow-card";
  return `rounded-2xl border bg-surface p-5 ${state} ${extra}`.trim();
}

export function Card({ selected = false, className = "", ...rest }: CardProps) {
  return <div className={cardClasses(selected, className)} {...rest} />;
}
