/**
 * Per-voter outlier test: does a voter pick the model the fitted board rates lower far more often
 * than chance allows? Under the fitted Bradley-Terry model every decisive vote of a voter (ties left
 * out, as FastChat's outlier_detect leaves them out) goes to the lower-rated model with probability
 * q = 1 − σ(|θ_i − θ_j|), independently; the voter's count of such upsets U is then a sum of
 * binomials (Poisson-binomial). The p-value is P(U ≥ u), exact up to EXACT_MAX decisive votes and a
 * normal approximation with continuity correction beyond; Holm's adjustment over the voters tested
 * keeps the chance of flagging any honest voter at most α (each honest voter alone: at most α/K…α).
 * One-sided on purpose: a voter who agrees with the board more than chance is not suspect.
 */
import { holmAdjust } from './holm.ts';
import { normalCdf } from './normal.ts';
import { ELO_PER_NAT } from './pair-table.ts';

/** One voter's votes as cells: model indices, outcome code (0 a won, 1 b won, 2 tie, 3 both bad), count. */
export interface VoterCells {
  voter: Int32Array;
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  n: Float64Array;
}

export interface VoterTestOptions {
  /** Family-wise error rate of the flags (Holm over the voters tested). Default 0.05. */
  alpha?: number;
  /** Voters with fewer decisive votes (between rated models) than this are not tested. Default 10. */
  minVotes?: number;
}

export interface VoterTestRow {
  voter: number;
  /** Decisive votes between two rated models of one group. */
  decisive: number;
  /** Of them, votes for the lower-rated model. */
  upsets: number;
  /** Upsets the fitted model expects: Σ q. */
  expected: number;
  /** P(U ≥ upsets) under the fitted model. */
  p: number;
  /** Holm-adjusted p over the voters tested. */
  adjusted: number;
  flagged: boolean;
}

export interface VoterTest {
  alpha: number;
  minVotes: number;
  /** Voters with at least minVotes decisive votes (the K of Holm's adjustment). */
  tested: number;
  /** Every tested voter, smallest p first. */
  rows: VoterTestRow[];
}

/** Above this many decisive votes a voter's tail is the normal approximation (the exact one costs votes²). */
export const EXACT_MAX = 4000;

/**
 * `ratings` are Elo-scale (rating = 400·log10 π) with `group` per model; votes between models that
 * are unrated or in different groups carry no prediction and are left out.
 */
export function voterOutlierTest(
  voterCount: number,
  cells: VoterCells,
  ratings: readonly (number | null)[],
  group: readonly (number | null)[],
  options: VoterTestOptions = {},
): VoterTest {
  const { alpha = 0.05, minVotes = 10 } = options;
  // Per voter: a list of (upset probability, votes, upsets) per cell.
  const parts: { q: number; n: number; u: number }[][] = Array.from({ length: voterCount }, () => []);
  for (let c = 0; c < cells.n.length; c++) {
    const o = cells.outcome[c];
    if (o !== 0 && o !== 1) continue;
    const a = cells.a[c],
      b = cells.b[c];
    const ra = ratings[a],
      rb = ratings[b];
    if (ra === null || rb === null || group[a] !== group[b] || ra === rb) continue;
    const gap = Math.abs(ra - rb) / ELO_PER_NAT;
    const q = 1 / (1 + Math.exp(gap));
    const winnerIsLower = (o === 0 ? ra : rb) < (o === 0 ? rb : ra);
    parts[cells.voter[c]].push({ q, n: cells.n[c], u: winnerIsLower ? cells.n[c] : 0 });
  }
  const raw: (number | null)[] = [];
  const rows: Omit<VoterTestRow, 'adjusted' | 'flagged'>[] = [];
  parts.forEach((list, voter) => {
    const decisive = list.reduce((s, x) => s + x.n, 0);
    if (decisive < minVotes) return;
    const upsets = list.reduce((s, x) => s + x.u, 0);
    const expected = list.reduce((s, x) => s + x.n * x.q, 0);
    const p = upsetTail(list, upsets);
    rows.push({ voter, decisive, upsets, expected, p });
    raw.push(p);
  });
  const adjusted = holmAdjust(raw);
  const out = rows.map((r, k) => ({ ...r, adjusted: adjusted[k]!, flagged: adjusted[k]! < alpha }));
  out.sort((x, y) => x.p - y.p || x.voter - y.voter);
  return { alpha, minVotes, tested: out.length, rows: out };
}

/** P(U ≥ u) for U = Σ Binomial(n_k, q_k). */
export function upsetTail(parts: readonly { q: number; n: number }[], u: number): number {
  const total = parts.reduce((s, x) => s + x.n, 0);
  if (u <= 0) return 1;
  if (u > total) return 0;
  if (total > EXACT_MAX) {
    const mean = parts.reduce((s, x) => s + x.n * x.q, 0);
    const variance = parts.reduce((s, x) => s + x.n * x.q * (1 - x.q), 0);
    return normalCdf(-(u - 0.5 - mean) / Math.sqrt(variance));
  }
  // dist[k] = P(U = k) over the votes seen so far, one vote at a time.
  let dist = new Float64Array(total + 1),
    next = new Float64Array(total + 1);
  dist[0] = 1;
  let seen = 0;
  for (const { q, n } of parts) {
    for (let v = 0; v < n; v++) {
      next[0] = dist[0] * (1 - q);
      for (let k = 1; k <= seen + 1; k++) next[k] = dist[k] * (1 - q) + dist[k - 1] * q;
      seen++;
      [dist, next] = [next, dist];
    }
  }
  let tail = 0;
  for (let k = total; k >= u; k--) tail += dist[k];
  return Math.min(1, tail);
}
