/**
 * Tiers, the rule comparIA uses to group its board into classes: walk the models from the top
 * rating down; the first model opens tier 1 and its lower bound becomes the tier's anchor; each
 * next model joins the open tier while its upper bound reaches the anchor (upper ≥ anchor), and
 * otherwise opens the next tier with its own lower bound as the new anchor. The anchor of a tier
 * never moves. Computed once per comparison group on the whole board, so searching or cutting the
 * table to a top N never moves a model between tiers.
 */
export interface TierInput {
  rating: number | null;
  lower: number | null;
  upper: number | null;
  /** Comparison group; tiers restart at 1 in each group. */
  group: number | null;
}

/** Tier per input (1 = top), null for unrated models or models without an interval. */
export function assignTiers(rows: readonly TierInput[]): (number | null)[] {
  const tiers: (number | null)[] = new Array(rows.length).fill(null);
  const byGroup = new Map<number, number[]>();
  rows.forEach((r, k) => {
    if (r.rating === null || r.lower === null || r.upper === null || r.group === null) return;
    const list = byGroup.get(r.group) ?? [];
    list.push(k);
    byGroup.set(r.group, list);
  });
  for (const list of byGroup.values()) {
    list.sort((p, q) => rows[q].rating! - rows[p].rating! || p - q);
    let tier = 0,
      anchor = -Infinity;
    for (const k of list) {
      if (tier === 0 || rows[k].upper! < anchor) {
        tier++;
        anchor = rows[k].lower!;
      }
      tiers[k] = tier;
    }
  }
  return tiers;
}
