// The XP history chart's geometry: cumulative XP per ledger row, scaled into the chart's box (pure, tested).
import type { LedgerHistory } from "./api";

export interface XpPoint {
  id: number;
  at: number;
  /** XP this row added. */
  xp: number;
  reason: string;
  source: string;
  /** Cumulative XP after this row. */
  total: number;
}

export function xpPoints(history: LedgerHistory): XpPoint[] {
  let total = history.xpBefore;
  return history.items.map((item) => {
    total += item.xp;
    return {
      id: item.id,
      at: Date.parse(item.createdAt),
      xp: item.xp,
      reason: item.reason,
      source: item.source,
      total,
    };
  });
}

/** A round upper bound for the y axis (1, 2 or 5 times a power of ten), at least 10. */
export function niceMax(value: number): number {
  if (value <= 10) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the y labels (start) and the x labels (bottom). */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface PlacedPoint extends XpPoint {
  x: number;
  y: number;
}

/**
 * Time runs left to right in both languages (docs: apps/web/README.md "Charts"): one point sits in the middle; points
 * at the same moment spread evenly, so many rows written in one second stay visible.
 */
export function placePoints(
  points: readonly XpPoint[],
  box: ChartBox,
  yMax: number,
): PlacedPoint[] {
  const innerWidth = box.width - box.left - box.right;
  const innerHeight = box.height - box.top - box.bottom;
  const first = points[0]?.at ?? 0;
  const last = points[points.length - 1]?.at ?? 0;
  const span = last - first;
  return points.map((point, index) => {
    const share =
      points.length === 1
        ? 0.5
        : span > 0
          ? (point.at - first) / span
          : index / (points.length - 1);
    return {
      ...point,
      x: box.left + share * innerWidth,
      y: box.top + innerHeight - (Math.max(0, point.total) / yMax) * innerHeight,
    };
  });
}
