import { fitByGroup, type RatingFit, type RatingScale } from './fit-groups.ts';
import { maximiseLikelihood, type NewtonOptions, type NewtonResult } from './newton-maximise.ts';
import type { PairCounts } from './pair-counts.ts';
import { logSigmoid, type PairLikelihood } from './pair-likelihood.ts';
import { collapsePairs, type PairTable } from './pair-table.ts';

/**
 * Bradley-Terry (1952): P(i beats j) = π_i / (π_i + π_j) = σ(θ_i − θ_j), θ = log π.
 * A tie or both_bad counts as half a win for each side (FastChat / LMArena convention), so per pair
 *   ℓ = (w_i + t/2)·log σ(θ_i−θ_j) + (w_j + t/2)·log σ(θ_j−θ_i),
 *   ∂ℓ/∂θ_i = (w_i + t/2) − n·p,   −∂²ℓ/∂θ_i² = n·p(1−p) (a weighted graph Laplacian),
 * with n = w_i + w_j + t and p = σ(θ_i − θ_j).
 */
export const bradleyTerryLikelihood: PairLikelihood = {
  extra: 0,
  logLikelihood(table, x) {
    const { i, j, winsI, winsJ, ties } = table;
    const strength = strengthsOrNull(x, table.modelCount);
    if (strength) return logLikelihoodOf(table, x, strength);
    let ll = 0;
    for (let p = 0; p < i.length; p++) {
      const d = x[i[p]] - x[j[p]],
        half = ties[p] / 2;
      ll += (winsI[p] + half) * logSigmoid(d) + (winsJ[p] + half) * logSigmoid(-d);
    }
    return ll;
  },
  derivatives(table, x, g, h) {
    const size = table.modelCount;
    g.fill(0);
    const strength = strengthsOrNull(x, size);
    if (strength && !h) return gradient(table, strength, g);
    const { i, j, winsI, winsJ, ties } = table;
    if (h) h.fill(0);
    for (let p = 0; p < i.length; p++) {
      const a = i[p],
        b = j[p];
      const n = winsI[p] + winsJ[p] + ties[p];
      const prob = strength ? strength[a] / (strength[a] + strength[b]) : 1 / (1 + Math.exp(x[b] - x[a]));
      const r = winsI[p] + ties[p] / 2 - n * prob;
      g[a] += r;
      g[b] -= r;
      if (h) {
        const v = n * prob * (1 - prob);
        h[a * size + a] += v;
        h[b * size + b] += v;
        h[a * size + b] -= v;
        h[b * size + a] -= v;
      }
    }
  },
  scoreOuter(table, x) {
    // One vote's score is (o − p)·(e_i − e_j), o = 1, 0 or ½ for a win of i, of j, or a tie.
    // Weighted votes (counts already w·n): one more factor w, so the meat is Σ w² s sᵀ.
    const { i, j, winsI, winsJ, ties, voteWeight } = table;
    const size = table.modelCount,
      out = new Float64Array(size * size);
    for (let p = 0; p < i.length; p++) {
      const a = i[p],
        b = j[p];
      const prob = 1 / (1 + Math.exp(x[b] - x[a]));
      const w = (voteWeight ? voteWeight[p] : 1) * (winsI[p] * (1 - prob) ** 2 + winsJ[p] * prob ** 2 + ties[p] * (0.5 - prob) ** 2);
      out[a * size + a] += w;
      out[b * size + b] += w;
      out[a * size + b] -= w;
      out[b * size + a] -= w;
    }
    return out;
  },
};

/**
 * The gradient alone from strengths π (g zeroed): what a bootstrap round's chord steps take, so
 * the hot loop. g of the pair's first model is summed in a local while it stays the same
 * (collapsed pairs come grouped by it), not through memory: a chain of += on one entry waits
 * on each store.
 */
function gradient(table: PairTable, strength: Float64Array, g: Float64Array): void {
  const { i, j, winsI, winsJ, ties } = table;
  let a = i.length > 0 ? i[0] : 0,
    sa = strength[a],
    ga = 0;
  for (let p = 0; p < i.length; p++) {
    if (i[p] !== a) {
      g[a] += ga;
      a = i[p];
      sa = strength[a];
      ga = 0;
    }
    const b = j[p],
      wins = winsI[p],
      half = ties[p] / 2;
    const r = wins + half - (wins + winsJ[p] + 2 * half) * (sa / (sa + strength[b]));
    ga += r;
    g[b] -= r;
  }
  g[a] += ga;
}

/**
 * ℓ from strengths π_k = exp(θ_k − max θ): log σ(θ_a − θ_b) = (θ_a − max θ) − log(π_a + π_b), one
 * logarithm a pair where log σ takes two exponentials and two logarithms (the line search of each
 * Newton step evaluates ℓ, most of a click's fit on 150 models).
 */
function logLikelihoodOf(table: PairTable, x: Float64Array, strength: Float64Array): number {
  const { i, j, winsI, winsJ, ties } = table;
  let hi = -Infinity;
  for (let k = 0; k < table.modelCount; k++) if (x[k] > hi) hi = x[k];
  let ll = 0;
  for (let p = 0; p < i.length; p++) {
    const a = i[p],
      b = j[p],
      half = ties[p] / 2;
    const logSum = Math.log(strength[a] + strength[b]);
    ll += (winsI[p] + half) * (x[a] - hi - logSum) + (winsJ[p] + half) * (x[b] - hi - logSum);
  }
  return ll;
}

/** Scratch for strengthsOrNull, grown as needed: a fit calls derivatives thousands of times. */
let strengths = new Float64Array(0);

/**
 * π_k = exp(θ_k − max θ), so a pass costs m exponentials instead of one per pair; null when the
 * spread of θ is too wide for π to stay a normal double (then each pair uses its own exp). The
 * array is shared scratch, valid until the next call.
 */
function strengthsOrNull(x: Float64Array, m: number): Float64Array | null {
  let hi = -Infinity,
    lo = Infinity;
  for (let k = 0; k < m; k++) {
    if (x[k] > hi) hi = x[k];
    if (x[k] < lo) lo = x[k];
  }
  if (!(hi - lo < 600)) return null;
  if (strengths.length < m) strengths = new Float64Array(m);
  const s = strengths;
  for (let k = 0; k < m; k++) s[k] = Math.exp(x[k] - hi);
  return s;
}

/**
 * Bradley-Terry MLE on collapsed pairs whose win graph is strongly connected (see components.ts).
 * Newton from θ = 0; convergence is max |∂ℓ/∂θ_k| / (total votes) ≤ tolerance (default 1e-9).
 * Returns natural-log strengths with the last model at 0, plus the Hessian factor at the MLE.
 */
export function fitBradleyTerryPairs(table: PairTable, options: NewtonOptions = {}): NewtonResult {
  return maximiseLikelihood(bradleyTerryLikelihood, table, options);
}

export interface BradleyTerryOptions extends RatingScale, NewtonOptions {}

/**
 * Bradley-Terry ratings on the Elo scale (rating = 400·log10 π), each comparison group fitted
 * separately (mean 1000, or the anchor's group pinned at the anchor value). Models with no finite
 * MLE get rating null and a reason; see fit-groups.ts for the result shape.
 */
export function fitBradleyTerry(counts: PairCounts, options: BradleyTerryOptions = {}): RatingFit {
  const { anchor, mean, ...newton } = options;
  return fitByGroup('fitBradleyTerry', counts.models, collapsePairs(counts), bradleyTerryLikelihood, { anchor, mean }, newton);
}
