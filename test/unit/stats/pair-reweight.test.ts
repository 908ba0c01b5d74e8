import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { reweightByPairFrequency } from '../../../src/core/stats/pair-reweight.ts';
import { ELO_PER_NAT } from '../../../src/core/stats/pair-table.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { countsOf } from './fixtures.ts';

/** One vote: models a, b and the score of a (1 win, 0 loss, ½ tie or both_bad). */
type Vote = { a: number; b: number; score: number };

function votesOf(counts: PairCounts): Vote[] {
  const out: Vote[] = [];
  for (let c = 0; c < counts.a.length; c++)
    for (let r = 0; r < counts.n[c]; r++) out.push({ a: counts.a[c], b: counts.b[c], score: [1, 0, 0.5, 0.5][counts.outcome[c]] });
  return out;
}

/** The weight of each vote, from its pair's frequency, computed here from the vote list. */
function voteWeights(votes: Vote[]): number[] {
  const key = (v: Vote) => `${Math.min(v.a, v.b)}-${Math.max(v.a, v.b)}`;
  const freq = new Map<string, number>();
  for (const v of votes) freq.set(key(v), (freq.get(key(v)) ?? 0) + 1);
  return votes.map((v) => votes.length / (freq.size * freq.get(key(v))!));
}

/** Weighted Bradley-Terry by Zermelo's / Hunter's MM iteration over single votes (not Newton, not pair tables); Elo scale, mean 1000. */
function mmRatings(m: number, votes: Vote[], weights: number[]): number[] {
  let pi = new Array(m).fill(1);
  for (let iter = 0; iter < 20000; iter++) {
    const won = new Array(m).fill(0),
      denom = new Array(m).fill(0);
    votes.forEach((v, k) => {
      const w = weights[k];
      won[v.a] += w * v.score;
      won[v.b] += w * (1 - v.score);
      const d = w / (pi[v.a] + pi[v.b]);
      denom[v.a] += d;
      denom[v.b] += d;
    });
    const next = pi.map((_, i) => won[i] / denom[i]);
    const g = Math.exp(next.reduce((s, x) => s + Math.log(x), 0) / m);
    const scaled = next.map((x) => x / g);
    const moved = Math.max(...scaled.map((x, i) => Math.abs(Math.log(x / pi[i]))));
    pi = scaled;
    if (moved < 1e-13) break;
  }
  const theta = pi.map((x) => Math.log(x));
  const mean = theta.reduce((s, x) => s + x, 0) / m;
  return theta.map((t) => 1000 + ELO_PER_NAT * (t - mean));
}

/** Solve A x = b by Gaussian elimination with partial pivoting (dense, small). */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length,
    M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

/**
 * Weighted sandwich standard errors (Elo) of θ_k − mean θ, vote by vote: H = Σ w p(1−p) d dᵀ,
 * J = Σ w² (o − p)² d dᵀ with d = e_a − e_b, on the free parameters (last model pinned at 0).
 */
function voteSandwichSe(ratings: number[], votes: Vote[], weights: number[], squareWeights: boolean): number[] {
  const m = ratings.length,
    f = m - 1;
  const theta = ratings.map((r) => (r - ratings[m - 1]) / ELO_PER_NAT);
  const H = Array.from({ length: f }, () => new Array(f).fill(0)),
    J = Array.from({ length: f }, () => new Array(f).fill(0));
  votes.forEach((v, k) => {
    const p = 1 / (1 + Math.exp(theta[v.b] - theta[v.a]));
    const w = weights[k];
    const d = new Array(f).fill(0);
    if (v.a < f) d[v.a] += 1;
    if (v.b < f) d[v.b] -= 1;
    for (let r = 0; r < f; r++)
      for (let c = 0; c < f; c++) {
        H[r][c] += w * p * (1 - p) * d[r] * d[c];
        J[r][c] += (squareWeights ? w * w : w) * (v.score - p) ** 2 * d[r] * d[c];
      }
  });
  return ratings.map((_, k) => {
    // c = e_k − (1/m) Σ e_j restricted to the free parameters.
    const c = Array.from({ length: f }, (_, r) => (r === k ? 1 : 0) - 1 / m);
    const y = solve(H, c);
    const variance = y.reduce((s, yr, r) => s + yr * J[r].reduce((t, Jrc, cc) => t + Jrc * y[cc], 0), 0);
    return ELO_PER_NAT * Math.sqrt(variance);
  });
}

const models = ['a', 'b', 'c', 'd'];
// Pairs with very different frequencies (40, 6, 12, 9, 5 votes), ties included, every seat order.
const small = countsOf(models, [
  [0, 1, 0, 22],
  [1, 0, 0, 10],
  [0, 1, 2, 5],
  [0, 1, 3, 3],
  [0, 2, 0, 3],
  [2, 0, 0, 3],
  [1, 2, 0, 7],
  [2, 1, 0, 3],
  [1, 2, 2, 2],
  [2, 3, 0, 5],
  [3, 2, 0, 4],
  [3, 0, 0, 2],
  [0, 3, 0, 2],
  [3, 0, 2, 1],
]);

describe('pair-frequency reweighting', () => {
  it('weights each vote by N / (pairs · its pair’s votes): weights sum to N, each pair to N / pairs', () => {
    const w = reweightByPairFrequency(small);
    const votes = votesOf(small);
    const expected = voteWeights(votes);
    expect(w.n.reduce((s, x) => s + x, 0)).toBeCloseTo(votes.length, 10);
    // The weight of cell c's votes equals the weight computed from the vote list for the same pair.
    let v = 0;
    for (let c = 0; c < small.a.length; c++) {
      expect(w.voteWeight![c]).toBeCloseTo(expected[v], 12);
      expect(w.n[c]).toBeCloseTo(expected[v] * small.n[c], 12);
      v += small.n[c];
    }
    // Pair a–b (40 votes of 72, 5 pairs): weight 72 / (5 · 40).
    expect(w.voteWeight![0]).toBeCloseTo(72 / 200, 12);
  });

  it('gives the same ratings as an MM fit of the single votes with their weights', () => {
    const votes = votesOf(small);
    const expected = mmRatings(4, votes, voteWeights(votes));
    const board = computeLeaderboard(small, { reweightPairs: true });
    expect(board.reweighted).toBe(true);
    for (const row of board.rows) expect(row.rating!).toBeCloseTo(expected[models.indexOf(row.model)], 6);
    // And differs from the unweighted fit (so the comparison can fail).
    const plain = computeLeaderboard(small, { bootstrapRounds: 0 });
    const gap = Math.max(...plain.rows.map((r) => Math.abs(r.rating! - expected[models.indexOf(r.model)])));
    expect(gap).toBeGreaterThan(5);
    // Records stay the raw votes.
    expect(board.rows.reduce((s, r) => s + r.votes, 0)).toBe(2 * votes.length);
  });

  it('equals a plain fit of votes replicated in proportion to their weights', () => {
    // Pairs of 2, 4 and 8 votes: weights ∝ 4, 2, 1, so replicating each vote 4, 2 or 1 times is the same fit.
    const three = countsOf(
      ['x', 'y', 'z'],
      [
        [0, 1, 0, 1],
        [1, 0, 0, 1],
        [1, 2, 0, 3],
        [2, 1, 2, 1],
        [0, 2, 0, 5],
        [2, 0, 0, 3],
      ],
    );
    const replicated = countsOf(
      ['x', 'y', 'z'],
      [
        [0, 1, 0, 4],
        [1, 0, 0, 4],
        [1, 2, 0, 6],
        [2, 1, 2, 2],
        [0, 2, 0, 5],
        [2, 0, 0, 3],
      ],
    );
    const weighted = computeLeaderboard(three, { reweightPairs: true });
    const plain = computeLeaderboard(replicated, { bootstrapRounds: 0 });
    for (const row of weighted.rows) expect(row.rating!).toBeCloseTo(plain.rows.find((r) => r.model === row.model)!.rating!, 8);
  });

  it('has sandwich intervals with meat Σ w² s sᵀ, matching a vote-by-vote computation', () => {
    const votes = votesOf(small),
      weights = voteWeights(votes);
    const board = computeLeaderboard(small, { reweightPairs: true, intervals: 'bootstrap', bootstrapRounds: 200 });
    expect(board.intervalMethod).toBe('sandwich');
    expect(board.rounds).toBe(0);
    const ratings = models.map((m) => board.rows.find((r) => r.model === m)!.rating!);
    const se = voteSandwichSe(ratings, votes, weights, true);
    const wrong = voteSandwichSe(ratings, votes, weights, false);
    models.forEach((m, k) => {
      const row = board.rows.find((r) => r.model === m)!;
      expect(row.se!).toBeCloseTo(se[k], 8);
      expect(row.lower!).toBeCloseTo(row.rating! - 1.959963984540054 * se[k], 6);
      // Σ w s sᵀ (one w only) would give visibly different errors.
      expect(Math.abs(se[k] - wrong[k])).toBeGreaterThan(0.5);
    });
  });

  it('keeps one over-sampled pair from dominating (simulation with known strengths)', () => {
    // Six models, true Elo 0, 40, 80, …; every pair 300 votes, except a–b with 30 000 votes in which a
    // wins 80% whatever the ratings (a pair effect that one strength per model cannot explain).
    const truth = [0, 40, 80, 120, 160, 200];
    const random = seededRandom(29);
    const cells: [number, number, number, number][] = [];
    for (let i = 0; i < 6; i++)
      for (let j = i + 1; j < 6; j++) {
        const pairVotes = i === 0 && j === 1 ? 30000 : 300;
        const p = i === 0 && j === 1 ? 0.8 : 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400));
        let wins = 0;
        for (let v = 0; v < pairVotes; v++) if (random.next() < p) wins++;
        cells.push([i, j, 0, wins], [j, i, 0, pairVotes - wins]);
      }
    const counts = countsOf(['a', 'b', 'c', 'd', 'e', 'f'], cells);
    const error = (board: ReturnType<typeof computeLeaderboard>) => {
      const r = ['a', 'b', 'c', 'd', 'e', 'f'].map((m) => board.rows.find((x) => x.model === m)!.rating!);
      // The gap b − a against the truth (40).
      return { gapError: Math.abs(r[1] - r[0] - 40), gap: r[1] - r[0] };
    };
    const plain = error(computeLeaderboard(counts, { bootstrapRounds: 0 }));
    const weighted = error(computeLeaderboard(counts, { reweightPairs: true }));
    console.log(`over-sampled pair: b − a unweighted ${plain.gap.toFixed(1)}, reweighted ${weighted.gap.toFixed(1)} (truth 40)`);
    expect(weighted.gapError).toBeLessThan(plain.gapError / 2);
  });
});
