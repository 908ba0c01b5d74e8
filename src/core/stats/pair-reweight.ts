import type { PairCounts } from './pair-counts.ts';

/**
 * Pair-frequency reweighting (LMArena, July 2025): each vote is weighted by the inverse of the
 * number of votes its unordered pair has, normalised so the weights sum to the number of votes:
 *   w_pair = N / (P · n_pair),   N = votes, P = pairs,   Σ_votes w = N,
 * so every pair carries the same total weight (N / P) and an over-sampled pair no longer dominates.
 * Returns the counts with each cell's n replaced by its weighted count (w · n) and `voteWeight`
 * set to the weight of one of its votes, which the sandwich needs: its meat is Σ w² s sᵀ over
 * votes, i.e. Σ (weighted count) · w · s sᵀ over cells. Self pairs (a model against itself) are
 * left out of N and P, as the fits drop them.
 */
export function reweightByPairFrequency(counts: PairCounts): PairCounts {
  const { models, a, b, outcome, n } = counts;
  const m = models.length;
  const pairVotes = new Map<number, number>();
  let total = 0;
  const key = (c: number) => (a[c] < b[c] ? a[c] * m + b[c] : b[c] * m + a[c]);
  for (let c = 0; c < a.length; c++) {
    if (a[c] === b[c] || !(n[c] > 0)) continue;
    const k = key(c);
    pairVotes.set(k, (pairVotes.get(k) ?? 0) + n[c]);
    total += n[c];
  }
  const pairs = pairVotes.size;
  const weighted = new Float64Array(a.length),
    voteWeight = new Float64Array(a.length);
  for (let c = 0; c < a.length; c++) {
    const votes = a[c] === b[c] ? 0 : (pairVotes.get(key(c)) ?? 0);
    const w = votes > 0 ? total / (pairs * votes) : 0;
    voteWeight[c] = w;
    weighted[c] = w * n[c];
  }
  return { models, a, b, outcome, n: weighted, voteWeight };
}
