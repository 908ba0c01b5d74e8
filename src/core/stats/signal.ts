/**
 * How much of the order is signal: walk each comparison group in rating order and count the
 * adjacent pairs whose intervals do not overlap (lower bound of the higher model above the upper
 * bound of the lower one). Non-overlap of two 95% intervals is a conservative test of a
 * difference (Schenker & Gentleman 2001, "On judging the significance of differences by examining
 * the overlap between confidence intervals"), so this counts only order that is clearly signal.
 */
import type { TierInput } from './tiers.ts';

export interface OrderSignal {
  /** Adjacent pairs, summed over groups (models − groups). */
  adjacentPairs: number;
  /** Adjacent pairs whose intervals do not overlap. */
  separatedPairs: number;
  /** Rated models with an interval. */
  models: number;
  /** Models separated from every neighbour they have (the one above and the one below). */
  separatedModels: number;
}

export function orderSignal(rows: readonly TierInput[]): OrderSignal | null {
  const groups = new Map<number, TierInput[]>();
  for (const r of rows) {
    if (r.rating === null || r.group === null) continue;
    if (r.lower === null || r.upper === null) return null;
    groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  }
  let adjacentPairs = 0,
    separatedPairs = 0,
    models = 0,
    separatedModels = 0;
  for (const list of groups.values()) {
    list.sort((p, q) => q.rating! - p.rating!);
    const gap = list.slice(1).map((r, k) => list[k].lower! > r.upper!);
    adjacentPairs += gap.length;
    separatedPairs += gap.filter(Boolean).length;
    models += list.length;
    if (list.length > 1) separatedModels += list.filter((_, k) => (k === 0 || gap[k - 1]) && (k === list.length - 1 || gap[k])).length;
  }
  return { adjacentPairs, separatedPairs, models, separatedModels };
}
