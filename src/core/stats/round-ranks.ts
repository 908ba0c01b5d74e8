/**
 * The ranks of one bootstrap round: competition ranks (1, 2, 2, 4) of its ratings, highest first,
 * and the one-pass check that ranks still hold after the ratings moved (a new anchor translates
 * them: the order and the ties stay, but for rounding).
 */

/** Writes the competition ranks of `ratings` into `ranks`; `order` is scratch holding 0..m−1 in some order. */
export function competitionRanks(ratings: Float64Array, ranks: Int32Array, order: number[]): void {
  order.sort((p, q) => ratings[q] - ratings[p]);
  for (let pos = 0; pos < order.length; pos++) {
    const k = order[pos];
    ranks[k] = pos > 0 && ratings[order[pos - 1]] === ratings[k] ? ranks[order[pos - 1]] : pos + 1;
  }
}

/** Scratch for ranksHold, big enough for m models. */
export function rankScratch(m: number): { counts: Int32Array; order: Int32Array } {
  return { counts: new Int32Array(m + 2), order: new Int32Array(m) };
}

/**
 * Whether `ranks` (competition ranks, 1..m) are those of `ratings`: walking the models in rank order
 * (a counting sort), each is rated below the one before when its rank is higher, and the same when
 * the rank is the same. The order and the ties are then the ratings', hence the ranks.
 */
export function ranksHold(ratings: Float64Array, ranks: Int32Array, scratch: { counts: Int32Array; order: Int32Array }): boolean {
  const m = ratings.length,
    { counts, order } = scratch;
  counts.fill(0, 0, m + 2);
  for (let k = 0; k < m; k++) counts[ranks[k] + 1]++;
  for (let r = 1; r <= m + 1; r++) counts[r] += counts[r - 1];
  for (let k = 0; k < m; k++) order[counts[ranks[k]]++] = k;
  for (let pos = 1; pos < m; pos++) {
    const a = order[pos - 1],
      b = order[pos];
    if (ranks[a] === ranks[b] ? ratings[a] !== ratings[b] : !(ratings[a] > ratings[b])) return false;
  }
  return true;
}

/** Whether two arrays of ranks are the same, value for value. */
export function sameRanks(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
