/**
 * The rating methods evalica (dustalov/evalica, Ustalov 2025) offers, with its definitions and
 * defaults, on the counts: every method but Elo sees only the m×m matrices
 *   W[i][j] = votes i won against j,   T[i][j] = T[j][i] = ties between i and j
 * (tie and both_bad are both a tie: evalica knows only left, right and draw). A score is
 * "higher is better" for every method but evalica's eigenvector (see eigenvectorScores).
 * Elo depends on the order of the votes, so it needs the votes themselves (elo.ts).
 */
import { onlineElo } from './elo.ts';
import { maximiseLikelihood } from './newton-maximise.ts';
import type { PairCounts } from './pair-counts.ts';
import { bradleyTerryLikelihood } from './bradley-terry.ts';
import { partitionComparisonGraph } from './components.ts';
import { collapsePairs, restrictPairs } from './pair-table.ts';

export interface VoteMatrices {
  m: number;
  /** Row-major m×m: wins[i·m + j] = votes i won against j. */
  wins: Float64Array;
  /** Row-major m×m, symmetric: ties between i and j. */
  ties: Float64Array;
}

export function voteMatrices(counts: PairCounts): VoteMatrices {
  const m = counts.models.length;
  const wins = new Float64Array(m * m),
    ties = new Float64Array(m * m);
  for (let c = 0; c < counts.a.length; c++) {
    const a = counts.a[c],
      b = counts.b[c],
      n = counts.n[c],
      o = counts.outcome[c];
    if (a === b || !(n > 0)) continue;
    if (o === 0) wins[a * m + b] += n;
    else if (o === 1) wins[b * m + a] += n;
    else {
      ties[a * m + b] += n;
      ties[b * m + a] += n;
    }
  }
  return { m, wins, ties };
}

/** M = winWeight·W + tieWeight·T, the matrix evalica's matrix methods start from. */
function combined({ m, wins, ties }: VoteMatrices, winWeight: number, tieWeight: number): Float64Array {
  const out = new Float64Array(m * m);
  for (let k = 0; k < m * m; k++) out[k] = winWeight * wins[k] + tieWeight * ties[k];
  return out;
}

/** Counting: wins + ½ per tie (evalica win_weight 1, tie_weight 0.5). */
export function countingScores(mx: VoteMatrices, winWeight = 1, tieWeight = 0.5): Float64Array {
  const { m } = mx,
    M = combined(mx, winWeight, tieWeight),
    out = new Float64Array(m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) out[i] += M[i * m + j];
  return out;
}

/**
 * Average win rate: with M = W + ½T, the mean over the opponents i met of M_ij / (M_ij + M_ji)
 * (pairs never played are skipped, as evalica's nanmean does); 0 for a model with no games.
 */
export function averageWinRateScores(mx: VoteMatrices, winWeight = 1, tieWeight = 0.5): Float64Array {
  const { m } = mx,
    M = combined(mx, winWeight, tieWeight),
    out = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let sum = 0,
      count = 0;
    for (let j = 0; j < m; j++) {
      const d = M[i * m + j] + M[j * m + i];
      if (i === j || !(d > 0)) continue;
      sum += M[i * m + j] / d;
      count++;
    }
    out[i] = count > 0 ? sum / count : 0;
  }
  return out;
}

/**
 * Bradley-Terry strengths π (a tie is half a win each side), normalised to sum 1 as evalica's
 * golden values are. evalica iterates Zermelo's fixed point (tolerance 1e-6, at most 100 steps);
 * here the same maximum likelihood is found by Newton (bradley-terry.ts), per comparison group,
 * each group's π summing to its share of the models. NaN for a model with no finite estimate.
 */
export function bradleyTerryScores(counts: PairCounts): Float64Array {
  const m = counts.models.length;
  const table = collapsePairs(counts);
  const out = new Float64Array(m).fill(NaN);
  for (const members of partitionComparisonGraph(table).groups) {
    const sub = restrictPairs(table, members);
    const x = maximiseLikelihood(bradleyTerryLikelihood, sub).x;
    let sum = 0;
    for (let l = 0; l < members.length; l++) sum += Math.exp(x[l]);
    for (let l = 0; l < members.length; l++) out[members[l]] = ((Math.exp(x[l]) / sum) * members.length) / m;
  }
  return out;
}

export interface IterativeOptions {
  /** Stop when the Euclidean norm of the change in scores is below this (evalica: 1e-6). */
  tolerance?: number;
  /** At most this many iterations (evalica: 100). */
  limit?: number;
}

/**
 * evalica's eigenvector method, as evalica computes it: power iteration s ← Mᵀs / ‖Mᵀs‖₂ from
 * s = 1/m, M = W + ½T, until ‖Δs‖₂ < tolerance (unit Euclidean norm). (Mᵀs)_j sums the scores of
 * the models that beat j, so a high score means losing to high scorers: on real data this order
 * runs close to the reverse of the others (negative Kendall τ), which the audit shows as it is.
 */
export function eigenvectorScores(mx: VoteMatrices, options: IterativeOptions = {}): Float64Array {
  return powerIteration(combined(mx, 1, 0.5), mx.m, options);
}

/** s ← Aᵀs normalised to unit Euclidean norm, from s = 1/n. */
function powerIteration(A: Float64Array, n: number, { tolerance = 1e-6, limit = 100 }: IterativeOptions): Float64Array {
  let s = new Float64Array(n).fill(1 / n),
    next = new Float64Array(n);
  for (let it = 0; it < limit; it++) {
    next.fill(0);
    for (let i = 0; i < n; i++) {
      const si = s[i];
      if (si === 0) continue;
      for (let j = 0; j < n; j++) next[j] += A[i * n + j] * si;
    }
    let norm = 0;
    for (let j = 0; j < n; j++) norm += next[j] * next[j];
    norm = Math.sqrt(norm);
    if (norm > 0) for (let j = 0; j < n; j++) next[j] /= norm;
    let diff = 0;
    for (let j = 0; j < n; j++) diff += (next[j] - s[j]) ** 2;
    [s, next] = [next, s];
    if (Math.sqrt(diff) < tolerance) break;
  }
  return s;
}

/**
 * PageRank (Brin & Page 1998) as evalica defines it: each model passes its score to the models
 * that beat it, in proportion to its losses (M = W + ½T, so a tie passes half a vote each way);
 * a model that never lost passes it evenly; damping 0.85 (the rest spread evenly). Power iteration
 * as eigenvectorScores, then scaled to sum 1.
 */
export function pageRankScores(mx: VoteMatrices, damping = 0.85, options: IterativeOptions = {}): Float64Array {
  const { m } = mx,
    M = combined(mx, 1, 0.5),
    p = 1 / m;
  // G[i][j] = damping · M[j][i] / Σ_j M[j][i] + (1 − damping)/m.
  const G = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    let lost = 0;
    for (let j = 0; j < m; j++) lost += M[j * m + i];
    for (let j = 0; j < m; j++) G[i * m + j] = damping * (lost > 0 ? M[j * m + i] / lost : p) + (1 - damping) * p;
  }
  const s = powerIteration(G, m, options);
  let sum = 0;
  for (let k = 0; k < m; k++) sum += Math.abs(s[k]);
  return s.map((v) => v / sum);
}

export interface NewmanResult {
  scores: Float64Array;
  /** Newman's tie parameter ν: P(tie) = 2ν√(π_i π_j) / (π_i + π_j + 2ν√(π_i π_j)). */
  v: number;
  iterations: number;
}

/**
 * Newman (2023), "Efficient computation of rankings from pairwise comparisons", JMLR 24, eq. (22)
 * and (23), as evalica iterates them: every π from the previous π at once, ν from the previous π,
 * from π = 1 and ν = 0.5, until ‖Δπ‖₂ < 1e-6 or 100 steps. A tie counts whole in ν's update
 * and half a win each side in π's (evalica's newman: win_weight 1, tie_weight 1). The scale of π is
 * where the iteration stops (it is not normalised), so the values equal evalica's only with its
 * start and stopping rule; the order is the model's.
 */
export function newmanScores(mx: VoteMatrices, { tolerance = 1e-6, limit = 100 }: IterativeOptions = {}, vInit = 0.5): NewmanResult {
  const { m, wins, ties } = mx;
  const half = new Float64Array(m * m);
  for (let k = 0; k < m * m; k++) half[k] = wins[k] + ties[k] / 2;
  let s = new Float64Array(m).fill(1),
    next = new Float64Array(m);
  let vNext = vInit,
    v = vInit,
    iterations = 0;
  while (iterations < limit) {
    iterations++;
    v = Number.isNaN(vNext) ? tolerance : vNext;
    let tieSum = 0,
      winSum = 0;
    for (let i = 0; i < m; i++) {
      let num = 0,
        den = 0;
      for (let j = 0; j < m; j++) {
        const root = Math.sqrt(s[i] * s[j]),
          common = s[i] + s[j] + 2 * v * root;
        num += (half[i * m + j] * (s[j] + v * root)) / common;
        den += (half[j * m + i] * (1 + v * Math.sqrt(s[j] / s[i]))) / common;
        tieSum += (ties[i * m + j] * (s[i] + s[j])) / common;
        winSum += (wins[i * m + j] * root) / common;
      }
      const value = num / den;
      next[i] = Number.isNaN(value) ? tolerance : value;
    }
    vNext = tieSum / 2 / (winSum * 2);
    let diff = 0;
    for (let k = 0; k < m; k++) diff += (next[k] - s[k]) ** 2;
    [s, next] = [next, s];
    if (Math.sqrt(diff) < tolerance) break;
  }
  return { scores: s, v, iterations };
}

/**
 * Elo over votes in their order, evalica's defaults: initial 1000, base 10, scale 400, K = 4, a tie
 * half a point each (both_bad too). Outcome codes as PairCounts (0 a won, 1 b won, 2 and 3 tie).
 */
export function eloScores(modelCount: number, a: Int32Array, b: Int32Array, outcome: Uint8Array, k = 4): Float64Array {
  return onlineElo(modelCount, a, b, outcome, { k, base: 10, scale: 400, initial: 1000 });
}
