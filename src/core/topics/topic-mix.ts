/**
 * Your own mix of topics: the votes reweighted so that topic t carries the share w_t / Σw of all
 * votes, whatever its share in the file. A vote of topic t weighs (w_t / Σw) · N / N_t (N votes in
 * all, N_t in topic t), so the weighted counts still sum to N. A topic with weight 0 drops out.
 */
import type { PairCounts } from '../stats/pair-counts.ts';

/** Each part's vote weight for the mix: (w_t / Σw) · N / N_t; 0 for an empty topic or weight. */
export function mixFactors(votes: readonly number[], weights: readonly number[]): number[] {
  const total = votes.reduce((s, v) => s + v, 0);
  const sumW = weights.reduce((s, w) => s + Math.max(0, w), 0);
  return votes.map((n, t) => (n > 0 && sumW > 0 ? (Math.max(0, weights[t]) / sumW) * (total / n) : 0));
}

const votesOf = (c: PairCounts) => c.n.reduce((s, x) => s + x, 0);

/**
 * The per-topic pair counts (over one model list) combined into the mix's weighted counts. Cells
 * of the same pair and outcome are summed; their votes weigh differently, so no `voteWeight` is
 * set and the bootstrap treats the weighted counts as counts (said where the board is shown).
 */
export function mixCounts(parts: readonly PairCounts[], weights: readonly number[]): PairCounts {
  if (parts.length === 0) throw new Error('mixCounts: no topics');
  const models = parts[0].models;
  const factors = mixFactors(parts.map(votesOf), weights);
  const cells = new Map<string, { a: number; b: number; outcome: number; n: number }>();
  parts.forEach((p, t) => {
    if (p.models !== models && p.models.join('\u0000') !== models.join('\u0000'))
      throw new Error('mixCounts: topics over different model lists');
    for (let c = 0; c < p.a.length; c++) {
      if (!(factors[t] > 0) || !(p.n[c] > 0)) continue;
      const key = `${p.a[c]},${p.b[c]},${p.outcome[c]}`;
      const cell = cells.get(key) ?? { a: p.a[c], b: p.b[c], outcome: p.outcome[c], n: 0 };
      cell.n += factors[t] * p.n[c];
      cells.set(key, cell);
    }
  });
  const list = [...cells.values()];
  return {
    models,
    a: Int32Array.from(list, (c) => c.a),
    b: Int32Array.from(list, (c) => c.b),
    outcome: Uint8Array.from(list, (c) => c.outcome),
    n: Float64Array.from(list, (c) => c.n),
  };
}
