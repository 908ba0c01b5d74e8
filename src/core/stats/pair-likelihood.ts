import type { PairTable } from './pair-table.ts';

/**
 * A concave log-likelihood over the pairs of a PairTable, in parameters
 * x = [θ_0 … θ_{m-1}, extra…] where θ_k is model k's natural-log strength.
 * θ_{m-1} is the reference and stays 0 (the likelihood only sees differences).
 */
export interface PairLikelihood {
  /** Parameters after the m log-strengths (Davidson: 1, log ν; Bradley-Terry: 0). */
  readonly extra: number;
  logLikelihood(table: PairTable, x: Float64Array): number;
  /**
   * Gradient of the log-likelihood into g (overwritten), and, when h is given, the negative
   * Hessian into h (row-major, overwritten).
   */
  derivatives(table: PairTable, x: Float64Array, g: Float64Array, h: Float64Array | null): void;
  /**
   * J = Σ over votes of s sᵀ, s the gradient of one vote's log-likelihood at x: the "meat" of the
   * sandwich covariance H⁻¹ J H⁻¹ (sandwich.ts); row-major, the size of x squared.
   */
  scoreOuter(table: PairTable, x: Float64Array): Float64Array;
}

/** log σ(d) = −log(1 + e^{−d}), without overflow for large |d|. */
export function logSigmoid(d: number): number {
  return d >= 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d));
}

/**
 * Adds one pair's terms to a square matrix over x = [θ_0 … θ_{m-1}, κ] (a negative Hessian, or a
 * sum of s sᵀ) of a likelihood with one extra parameter κ: the pair (a, b) moves θ_a and θ_b
 * oppositely and κ once, so it adds `dd` on (a,a), (b,b) and −dd on (a,b), (b,a); `dk` on (a,κ),
 * (κ,a) and −dk on (b,κ), (κ,b); `kk` on (κ,κ).
 */
export function addPairBlock(out: Float64Array, m: number, a: number, b: number, dd: number, dk: number, kk: number): void {
  const size = m + 1;
  out[a * size + a] += dd;
  out[b * size + b] += dd;
  out[a * size + b] -= dd;
  out[b * size + a] -= dd;
  out[a * size + m] += dk;
  out[m * size + a] += dk;
  out[b * size + m] -= dk;
  out[m * size + b] -= dk;
  out[m * size + m] += kk;
}

/**
 * A pair's s sᵀ summed over its outcomes, for a likelihood with one extra parameter: each outcome
 * is [votes, u, v], u its score in θ_a (−u in θ_b), v in κ. `w` is the pair's vote weight: weighted
 * counts carry one w, the meat needs w². Returns [Σu², Σuv, Σv²] for addPairBlock.
 */
export function outcomeOuter(w: number, ...outcomes: [count: number, u: number, v: number][]): [number, number, number] {
  let uu = 0,
    uv = 0,
    vv = 0;
  for (const [count, u, v] of outcomes) {
    uu += w * count * u * u;
    uv += w * count * u * v;
    vv += w * count * v * v;
  }
  return [uu, uv, vv];
}
