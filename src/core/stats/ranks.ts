/**
 * Rank (UB), the LMArena convention: 1 + the number of models whose lower bound exceeds this
 * model's upper bound, counting only models of the same comparison group. A model without a
 * rating (null bounds or null group) has rank null. With no intervals, pass the ratings as both
 * bounds: the rank is then 1 + the number of strictly higher ratings.
 */
export function rankUpperBound(
  lower: ArrayLike<number | null>,
  upper: ArrayLike<number | null>,
  group: ArrayLike<number | null>,
): (number | null)[] {
  const n = lower.length;
  if (upper.length !== n || group.length !== n)
    throw new RangeError(`rankUpperBound: lengths differ (lower ${n}, upper ${upper.length}, group ${group.length})`);
  const ranks: (number | null)[] = new Array(n).fill(null);
  for (let i = 0; i < n; i++) {
    const ui = upper[i],
      gi = group[i];
    if (ui === null || lower[i] === null || gi === null) continue;
    let above = 0;
    for (let j = 0; j < n; j++) {
      const lj = lower[j];
      if (j !== i && group[j] === gi && lj !== null && upper[j] !== null && lj > ui) above++;
    }
    ranks[i] = 1 + above;
  }
  return ranks;
}
