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
