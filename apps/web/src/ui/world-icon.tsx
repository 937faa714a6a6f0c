// The five worlds' icons drawn inline (the catalogue's emoji need a colour-emoji font many machines lack, and show as
// empty boxes there). Decorative: the world's name always stands beside it, so hidden from assistive tech.
import type { ReactNode } from "react";

const DRAWINGS: Record<string, ReactNode> = {
  // A sprout.
  genesis: (
    <>
      <path d="M12 21v-8" />
      <path d="M12 13c0-4-3-6-7-6 0 4 3 6 7 6z" />
      <path d="M12 11c0-3.5 2.5-6 6.5-6 0 3.5-2.5 6-6.5 6z" />
    </>
  ),
  // The sun rising over the horizon.
  awakening: (
    <>
      <path d="M7 17a5 5 0 0 1 10 0" />
      <path d="M3 17h18 M6 21h12" />
      <path d="M12 4v3 M4.9 9.9l1.4 1.4 M19.1 9.9l-1.4 1.4" />
    </>
  ),
  // An atom.
  quantum: (
    <>
      <circle cx="12" cy="12" r="1.6" fill="currentColor" />
      <ellipse cx="12" cy="12" rx="10" ry="4" />
      <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(60 12 12)" />
      <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(120 12 12)" />
    </>
  ),
  // A spiral galaxy with stars.
  cosmic: (
    <>
      <path d="M12 12c1.5 0 2 1.5 1 2.5s-3.5.5-4-1.5 1-4.5 4-4.5 5.5 2.5 5 5.5-3.5 5-6.5 5-6.5-2.5-6.5-6 2-6.5 5-7" />
      <path d="M19 4.5v2 M18 5.5h2 M5 18.5v1.5 M4.25 19.25h1.5" />
    </>
  ),
  // The infinity sign.
  infinity: (
    <path d="M12 12c-2-2.7-3.6-4-5.5-4a4 4 0 0 0 0 8c1.9 0 3.5-1.3 5.5-4zm0 0c2 2.7 3.6 4 5.5 4a4 4 0 0 0 0-8c-1.9 0-3.5 1.3-5.5 4z" />
  ),
};

/** The world's icon in its colour; an unknown world (a newer server) gets a plain circle. */
export function WorldIcon({
  tier,
  color,
  className = "size-7",
}: {
  tier: string;
  color?: string;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-testid={`world-icon-${tier}`}
      className={`shrink-0 ${className}`}
      // A presentation attribute, not a style attribute: pre-rendered pages carry no style attributes (the CSP).
      color={color}
    >
      {DRAWINGS[tier] ?? <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}

/**
 * A world card's colour band along its top edge, drawn as an SVG fill: a pre-rendered page may carry no style
 * attribute (the CSP). The card must be `relative overflow-hidden`.
 */
export function WorldStripe({ color }: { color: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      className="absolute inset-x-0 top-0 h-1.5 w-full"
    >
      <rect width="1" height="1" fill={color} />
    </svg>
  );
}
